#!/usr/bin/env python3
"""The oracle for the reader "python": urllib.parse.urlsplit and the
hostname and port properties of its result, speaking the protocol of
oracles.Run (see ../oracle.go): base64 inputs on standard input, one per
line; one JSON record per input on standard output.

Each input's bytes become a str by decode('utf-8', 'surrogateescape') and
each component goes back to bytes the same way. The record is the one
readers.Python documents: scheme, path, query and fragment absent when
empty; userinfo the text before the last "@" of the netloc, present when
username is not None; host the hostname property, in brackets when it has
a ":"; port the port property as a decimal number. A ValueError from
urlsplit or from the port property is the error.

--help prints this text.
"""
import base64
import json
import sys
import urllib.parse


def b64(s):
    if s is None:
        return None
    return base64.b64encode(s.encode("utf-8", "surrogateescape")).decode("ascii")


def read(raw):
    s = raw.decode("utf-8", "surrogateescape")
    try:
        r = urllib.parse.urlsplit(s)
        port = r.port
        host = r.hostname
    except ValueError as e:
        return {"ok": False, "error": str(e)}
    userinfo = None
    if r.username is not None:
        userinfo = r.username
        if r.password is not None:
            userinfo += ":" + r.password
    if host is not None and ":" in host:
        host = "[" + host + "]"
    return {
        "ok": True,
        "scheme": b64(r.scheme or None),
        "userinfo": b64(userinfo),
        "host": b64(host),
        "port": b64(None if port is None else str(port)),
        "path": b64(r.path or None),
        "query": b64(r.query or None),
        "fragment": b64(r.fragment or None),
    }


def main():
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        print("python:", sys.version)
        return
    out = sys.stdout
    for line in sys.stdin.buffer:
        line = line.strip()
        out.write(json.dumps(read(base64.b64decode(line))))
        out.write("\n")


if __name__ == "__main__":
    main()
