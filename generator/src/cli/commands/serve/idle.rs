//! Closes a connection that moves no byte for a while (`serve
//! --idle-timeout`). Without it a client that opens a connection and never
//! finishes its request, or leaves a keep-alive connection open, holds a
//! socket and a task for ever, and enough of them exhaust the server's file
//! descriptors; axum's `serve` sets no timeout of its own.
//!
//! Each connection keeps the time of its last progress; its one timer is
//! moved to that time plus the limit only when it waits, so a busy
//! connection costs a clock read per transfer, not a timer update.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::serve::Listener;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// A listener whose connections close after `idle` without progress.
pub struct Closing<L> {
    inner: L,
    idle: Duration,
}

impl<L> Closing<L> {
    /// Wraps `inner`.
    pub fn new(inner: L, idle: Duration) -> Closing<L> {
        Closing { inner, idle }
    }
}

impl<L: Listener> Listener for Closing<L> {
    type Io = Quiet<L::Io>;
    type Addr = L::Addr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (io, address) = self.inner.accept().await;
        (Quiet::new(io, self.idle), address)
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}

/// A connection that fails a read or write waiting past `idle` since its
/// last progress.
pub struct Quiet<T> {
    io: T,
    idle: Duration,
    last: Instant,
    timer: Pin<Box<Sleep>>,
}

impl<T> Quiet<T> {
    fn new(io: T, idle: Duration) -> Quiet<T> {
        let now = Instant::now();
        Quiet {
            io,
            idle,
            last: now,
            timer: Box::pin(tokio::time::sleep_until(now + idle)),
        }
    }

    /// After a transfer that moved `moved`: progress when it moved bytes.
    fn moved(&mut self, moved: bool) {
        if moved {
            self.last = Instant::now();
        }
    }

    /// While waiting: an error once `idle` has passed since the last
    /// progress (the timer re-armed from it only when that moved).
    fn waiting<R>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<R>> {
        let due = self.last + self.idle;
        if self.timer.deadline() != due {
            self.timer.as_mut().reset(due);
        }
        match self.timer.as_mut().poll(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("no byte moved for {} s", self.idle.as_secs_f64()),
            ))),
        }
    }
}

impl<T> Quiet<T> {
    /// After a write was polled: progress when it wrote bytes; the timer
    /// while it waits.
    fn wrote(
        &mut self,
        cx: &mut Context<'_>,
        written: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        match written {
            Poll::Ready(result) => {
                self.moved(matches!(result, Ok(n) if n > 0));
                Poll::Ready(result)
            }
            Poll::Pending => self.waiting(cx),
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Quiet<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.io).poll_read(cx, buf) {
            Poll::Ready(result) => {
                let moved = buf.filled().len() > before;
                self.moved(moved);
                Poll::Ready(result)
            }
            Poll::Pending => self.waiting(cx),
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Quiet<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.io).poll_write(cx, buf);
        self.wrote(cx, written)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        self.wrote(cx, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}
