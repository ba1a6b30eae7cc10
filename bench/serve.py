#!/usr/bin/env python3
"""Compares the explorer's API throughput and latency of two builds.

Usage: python3 bench/serve.py BEFORE AFTER [--rounds N] [--seconds S]

BEFORE and AFTER are `gametable` binaries (say, one built from an older
commit and target/release/gametable). Each round starts each binary's
`gametable serve` in turn on a free local port and loads `/api/query`
(Cards (8, 5), `alice:12340000:43210000`, from the embedded table) over
HTTP/1.1 keep-alive connections, from 1 connection (latency: median and
99th percentile per request) and from 8 (throughput), each for S
seconds; rounds alternate the two, each first every other round, so
that a busy machine weighs on both alike. The client is Python in 8 processes: on a small machine it shares
the cores with the server, so only the ratio of the two builds means
anything, not the absolute figures.
"""
import argparse
import multiprocessing as mp
import socket
import subprocess
import time

PATH = "/api/query?game=cards&cards=8&modulus=5&position=alice:12340000:43210000"


def client(port, seconds, out):
    """Requests PATH one after another for `seconds`; puts (count, latencies)."""
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    request = f"GET {PATH} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    count, latencies, buffered = 0, [], b""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        s.sendall(request)
        while True:
            head_end = buffered.find(b"\r\n\r\n")
            if head_end >= 0:
                head = buffered[:head_end].decode()
                length = 0
                for line in head.split("\r\n"):
                    if line.lower().startswith("content-length:"):
                        length = int(line.split(":")[1])
                if len(buffered) >= head_end + 4 + length:
                    if not head.startswith("HTTP/1.1 200"):
                        raise SystemExit(f"not answered: {head.splitlines()[0]}")
                    buffered = buffered[head_end + 4 + length:]
                    break
            chunk = s.recv(65536)
            if not chunk:
                raise SystemExit("the server closed the connection")
            buffered += chunk
        latencies.append(time.perf_counter() - start)
        count += 1
    out.put((count, latencies))


def load(port, connections, seconds):
    """Requests/s, median and 99th percentile latency (µs) of a load."""
    results = mp.Queue()
    clients = [mp.Process(target=client, args=(port, seconds, results))
               for _ in range(connections)]
    for c in clients:
        c.start()
    # A client that failed puts nothing: give up on it rather than wait.
    done = [results.get(timeout=seconds + 30) for _ in clients]
    for c in clients:
        c.join()
    latencies = sorted(x for _, lat in done for x in lat)
    count = sum(n for n, _ in done)
    return (count / seconds, latencies[len(latencies) // 2] * 1e6,
            latencies[int(len(latencies) * 0.99)] * 1e6)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(binary):
    """Starts `binary serve` on a free port; returns (process, port)."""
    port = free_port()
    server = subprocess.Popen([binary, "serve", "--bind", f"127.0.0.1:{port}"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = server.stdout.readline().decode()
    if not line.startswith("listening on"):
        raise SystemExit(f"{binary} serve did not start: {line!r}")
    return server, port


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0)
    args = parser.parse_args()
    totals = {"before": [], "after": []}
    for round_ in range(1, args.rounds + 1):
        # Each build goes first every other round.
        order = ("before", "after") if round_ % 2 else ("after", "before")
        for name in order:
            server, port = serve(getattr(args, name))
            try:
                one = load(port, 1, args.seconds)
                eight = load(port, 8, args.seconds)
            finally:
                server.terminate()
                server.wait()
            totals[name].append((one, eight))
            print(f"round {round_} {name:6}: 1 connection {one[0]:7.0f} req/s, "
                  f"p50 {one[1]:4.0f} us, p99 {one[2]:4.0f} us; "
                  f"8 connections {eight[0]:7.0f} req/s, p99 {eight[2]:4.0f} us")
    for connections, which in ((1, 0), (8, 1)):
        ratio = (sum(r[which][0] for r in totals["after"])
                 / sum(r[which][0] for r in totals["before"]))
        print(f"after / before, {connections} connection(s): {ratio:.2f} times the requests/s")


if __name__ == "__main__":
    main()
