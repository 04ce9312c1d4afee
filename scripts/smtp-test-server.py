#!/usr/bin/env python3
"""A real SMTP server (aiosmtpd) for the mail client's integration tests. Listens on 127.0.0.1 only.

  smtp-test-server.py --port 0 --mode starttls|implicit|plain [--cert PEM --key PEM]
                      [--auth USER:PASS [--auth-exclude PLAIN]] --maildir DIR

--port 0 picks a free port. Prints "READY <port>" on stdout once listening, then serves until killed.
starttls: STARTTLS offered and required before anything else; implicit: TLS from the first byte (smtps);
plain: no TLS. With --auth every MAIL needs AUTH first (PLAIN or LOGIN, only over TLS); wrong
credentials get "535 5.7.8 Authentication credentials invalid".

Each accepted message is written atomically (temp file + rename) as DIR/<n>.eml, n = 1, 2, ...:
two envelope headers added at the top, "X-Envelope-From: <addr>" and "X-Envelope-To: <a>, <b>",
then the message bytes exactly as received (after dot-unstuffing).

Needs Python 3.11+ and aiosmtpd (python3 -m pip install --break-system-packages aiosmtpd).
"""
import argparse
import asyncio
import itertools
import os
import signal
import ssl
import sys
import warnings

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Handler:
    def __init__(self, maildir):
        self.maildir = maildir
        self.counter = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        n = next(self.counter)
        recipients = ", ".join(f"<{r}>" for r in envelope.rcpt_tos)
        head = f"X-Envelope-From: <{envelope.mail_from}>\r\nX-Envelope-To: {recipients}\r\n".encode()
        temp = os.path.join(self.maildir, f".{n}.eml.tmp")
        with open(temp, "wb") as f:
            f.write(head + envelope.original_content)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, os.path.join(self.maildir, f"{n}.eml"))
        print(f"stored {n}.eml from {envelope.mail_from} to {recipients}", file=sys.stderr, flush=True)
        return f"250 2.0.0 OK queued as {n}"


def make_authenticator(user, password):
    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword)
              and auth_data.login == user.encode() and auth_data.password == password.encode())
        return AuthResult(success=ok, handled=False)
    return authenticator


def parse_args():
    p = argparse.ArgumentParser(description="SMTP test server (aiosmtpd), loopback only")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--mode", choices=["starttls", "implicit", "plain"], default="starttls")
    p.add_argument("--cert")
    p.add_argument("--key")
    p.add_argument("--auth", help="USER:PASS; AUTH is then required")
    p.add_argument("--auth-exclude", action="append", default=[], metavar="MECH",
                   help="do not offer this AUTH mechanism (PLAIN or LOGIN); repeatable")
    p.add_argument("--maildir", required=True)
    args = p.parse_args()
    if args.mode != "plain" and not (args.cert and args.key):
        p.error(f"--mode {args.mode} needs --cert and --key")
    if args.auth and ":" not in args.auth:
        p.error("--auth must be USER:PASS")
    return args


async def main():
    args = parse_args()
    warnings.filterwarnings("ignore", category=UserWarning, module="aiosmtpd")  # the implicit-TLS note above
    os.makedirs(args.maildir, exist_ok=True)
    context = None
    if args.mode != "plain":
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.cert, args.key)
    authenticator = make_authenticator(*args.auth.split(":", 1)) if args.auth else None
    handler = Handler(args.maildir)
    loop = asyncio.get_running_loop()

    def factory():
        return SMTP(
            handler,
            hostname="localhost",
            loop=loop,
            tls_context=context if args.mode == "starttls" else None,
            require_starttls=args.mode == "starttls",
            authenticator=authenticator,
            auth_required=authenticator is not None,
            # aiosmtpd only knows about TLS it negotiated itself (STARTTLS); with implicit TLS the whole
            # connection is encrypted already, so the check is turned off there.
            auth_require_tls=args.mode != "implicit",
            auth_exclude_mechanism=args.auth_exclude,
        )

    server = await loop.create_server(
        factory, host="127.0.0.1", port=args.port, ssl=context if args.mode == "implicit" else None)
    port = server.sockets[0].getsockname()[1]
    print(f"READY {port}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    # A parent may spawn us with SIGTERM blocked (Foundation's Process does, from a Dispatch thread).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
