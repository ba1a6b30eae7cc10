//! How `gametable serve` stops: on SIGTERM (a service manager, `docker
//! stop`) or SIGINT (Ctrl-C) it takes no more connections, lets the answers
//! under way go out, and exits 0; a signal while it waits cuts the wait
//! short. Without a handler SIGTERM ends the process mid-answer, and a
//! server that is a container's first process ignores it altogether (the
//! kernel gives such a process no default action), so that `docker stop`
//! waits its 10 s and kills it.

use std::future::{poll_fn, Future};
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

/// A signal that asks the server to stop, named as the shell names it.
pub type Signal = &'static str;

/// The signals that stop the server, listened for from now on (before the
/// server says it listens, so that none sent after that is missed): on
/// Unix SIGTERM and SIGINT, on Windows Ctrl-C.
pub struct Stop {
    #[cfg(unix)]
    signals: Vec<(Signal, tokio::signal::unix::Signal)>,
    #[cfg(windows)]
    ctrl_c: tokio::signal::windows::CtrlC,
}

impl Stop {
    /// Starts listening for SIGTERM and SIGINT (Ctrl-C on Windows).
    ///
    /// # Errors
    /// The operating system refused a signal handler.
    pub fn listen() -> io::Result<Stop> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            Ok(Stop {
                signals: vec![
                    ("SIGTERM", signal(SignalKind::terminate())?),
                    ("SIGINT", signal(SignalKind::interrupt())?),
                ],
            })
        }
        #[cfg(windows)]
        {
            Ok(Stop {
                ctrl_c: tokio::signal::windows::ctrl_c()?,
            })
        }
    }

    /// The signal, once one has come.
    fn poll_signal(&mut self, cx: &mut Context<'_>) -> Poll<Signal> {
        #[cfg(unix)]
        {
            for (name, signal) in &mut self.signals {
                if signal.poll_recv(cx).is_ready() {
                    return Poll::Ready(name);
                }
            }
            Poll::Pending
        }
        #[cfg(windows)]
        {
            self.ctrl_c.poll_recv(cx).map(|_| "Ctrl-C")
        }
    }

    /// What `work` gives, or the signal that came first (`work` is then
    /// dropped unfinished).
    pub async fn or<T>(&mut self, work: impl Future<Output = T>) -> Result<T, Signal> {
        let mut work = std::pin::pin!(work);
        poll_fn(|cx| {
            if let Poll::Ready(signal) = self.poll_signal(cx) {
                return Poll::Ready(Err(signal));
            }
            Pin::as_mut(&mut work).poll(cx).map(Ok)
        })
        .await
    }
}
