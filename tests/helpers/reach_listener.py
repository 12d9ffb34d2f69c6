#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
# A stand-in for a PostgreSQL server a hostile spec might name, for
# tests/cli/cli_harden_reach.sh: listens on 127.0.0.1 at a free port (written
# to PORTFILE), appends every byte any client sends to LOG (so the test
# can tell whether mazebook connected, and what it sent), answers each
# startup message with PostgreSQL's "password authentication failed"
# error (so libpq gives up at once, as against a real server), and stops
# when STOPFILE exists (or after 120 s, a guard against a lost test).
#   reach_listener.py PORTFILE LOG STOPFILE
import os
import socket
import sys
import time

portfile, log, stopfile = sys.argv[1:4]
fields = b"SFATAL\0C28P01\0Mpassword authentication failed\0\0"
refusal = b"E" + (len(fields) + 4).to_bytes(4, "big") + fields

srv = socket.socket()
srv.bind(("127.0.0.1", 0))
srv.listen(8)
srv.settimeout(0.1)
open(log, "wb").close()
with open(portfile + ".tmp", "w") as f:
    f.write(str(srv.getsockname()[1]))
os.rename(portfile + ".tmp", portfile)
end = time.monotonic() + 120
while not os.path.exists(stopfile) and time.monotonic() < end:
    try:
        conn, _ = srv.accept()
    except socket.timeout:
        continue
    conn.settimeout(2)
    with open(log, "ab") as out:
        out.write(b"<connection>")
        try:
            data = conn.recv(65536)
            out.write(data)
            if data:
                conn.sendall(refusal)
        except OSError:
            pass
    conn.close()
srv.close()
