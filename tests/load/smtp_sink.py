"""An SMTP relay for the fan-out benchmark (tests/load/fanout.sh): accepts every message and
appends one line per recipient to a file, `<millis> <message-id> <recipient>`, flushed at
once, so the script can count what arrived, when, and whether anything arrived twice.

    python3 tests/load/smtp_sink.py PORT FILE
"""

import asyncio
import sys
import time
from email.parser import BytesHeaderParser

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, path):
        self.out = open(path, "a", buffering=1, encoding="utf-8")

    async def handle_DATA(self, server, session, envelope):
        headers = BytesHeaderParser().parsebytes(envelope.original_content or b"")
        message_id = (headers.get("Message-ID") or "-").strip()
        at = int(time.time() * 1000)
        for recipient in envelope.rcpt_tos:
            self.out.write(f"{at} {message_id} {recipient}\n")
        return "250 OK"


async def main(port, path):
    controller = Controller(Sink(path), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        await asyncio.Event().wait()
    finally:
        controller.stop()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2]))
