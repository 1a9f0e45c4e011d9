#!/usr/bin/env python3
# modcheck.py: Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
"""modcheck.py: figures for tests/test_ardour_modulator.sh, from 32-bit
float (or 16/24-bit PCM) WAVs, with the standard library only.

  modcheck.py envelope FILE CH REF REFCH [WINDOW_S]
      corr and slope of FILE's channel CH windowed RMS in dB against REF's
      channel REFCH windowed mean (the noise), per window of WINDOW_S
      (default 0.05); also rms of CH
  modcheck.py compare A B [OFFSET]
      maxdiff over all channels of A[i + OFFSET] against B[i], common
      (frames compared), at (the frame of the largest difference),
      identical_from (the frame after the last difference), and per
      channel C maxdiffC and maxdbC (the largest ratio in dB), and
      settledbC, maxdbC from frame 12000 (0.25 s at 48 kHz) of B on
  modcheck.py chdiff A CA B CB
      maxdiff of A's channel CA against B's channel CB
  modcheck.py frames FILE
  modcheck.py ardour-port SESSION_FILE PLUGIN_NAME PORT
      the value an Ardour session file saves for control PORT of the
      plugin named PLUGIN_NAME: its plugin state's Port and its
      Controllable, printed once if they agree, else both
"""
import math
import struct
import sys
from array import array


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] not in (b"RIFF", b"RF64") or data[8:12] != b"WAVE":
        raise SystemExit(path + ": not a WAV")
    pos, fmt, body = 12, None, None
    while pos + 8 <= len(data):
        cid, size = data[pos:pos + 4], struct.unpack("<I", data[pos + 4:pos + 8])[0]
        if cid == b"fmt ":
            fmt = struct.unpack("<HHIIHH", data[pos + 8:pos + 24])
        elif cid == b"data":
            if size == 0xFFFFFFFF or pos + 8 + size > len(data):
                size = len(data) - pos - 8
            body = data[pos + 8:pos + 8 + size]
        pos += 8 + size + (size & 1)
    tag, ch, sr, _, align, bits = fmt
    if tag == 0xFFFE:
        tag = 3 if bits == 32 and data.find(b"\x03\x00\x00\x00\x00\x00\x10\x00") >= 0 else 1
    n = len(body) // align
    if tag == 3 and bits == 32:
        x = array("f")
        x.frombytes(body[:n * align])
    elif tag == 1 and bits == 16:
        x = array("h")
        x.frombytes(body[:n * align])
        x = array("f", (v / 32768.0 for v in x))
    elif tag == 1 and bits == 24:
        x = array("f", (int.from_bytes(body[i:i + 3], "little", signed=True) / 8388608.0
                        for i in range(0, n * align, 3)))
    else:
        raise SystemExit(path + ": unsupported format")
    return x, ch, sr, n


def channel(w, c):
    x, ch, _, n = w
    return x[c::ch][:n]


def envelope(path, c, ref, rc, window):
    a = load(path)
    r = load(ref)
    xa, xr = channel(a, c), channel(r, rc)
    win = max(1, int(window * a[2]))
    n = min(len(xa), len(xr)) // win
    ea, er = [], []
    for k in range(n):
        seg = xa[k * win:(k + 1) * win]
        s2 = sum(v * v for v in seg)
        ea.append(20 * math.log10(math.sqrt(s2 / win) + 1e-12))
        er.append(sum(xr[k * win:(k + 1) * win]) / win)
    ma, mr = sum(ea) / n, sum(er) / n
    sab = sum((p - ma) * (q - mr) for p, q in zip(ea, er))
    saa = sum((p - ma) ** 2 for p in ea)
    srr = sum((q - mr) ** 2 for q in er)
    rms = math.sqrt(sum(v * v for v in xa) / max(1, len(xa)))
    print("windows %d" % n)
    print("corr %.6f" % (sab / math.sqrt(saa * srr) if saa > 0 and srr > 0 else 0.0))
    print("slope %.6f" % (sab / srr if srr > 0 else 0.0))
    print("rms %.6f" % rms)
    print("nonfinite %d" % sum(1 for v in xa if not math.isfinite(v)))


def compare(pa, pb, offset):
    a, b = load(pa), load(pb)
    if a[1] != b[1]:
        raise SystemExit("channel counts differ")
    ch = a[1]
    n = min(a[3] - offset, b[3])
    xa, xb = a[0], b[0]
    d, at, last = 0.0, -1, 0
    dch = [0.0] * ch
    ddb = [0.0] * ch
    sdb = [0.0] * ch
    for i in range(n * ch):
        p, q = xa[i + offset * ch], xb[i]
        e = abs(p - q)
        c = i % ch
        if e > d:
            d, at = e, i // ch
        if e > 0:
            last = i // ch + 1
        if e > dch[c]:
            dch[c] = e
        if e > 0 and abs(p) > 1e-6 and abs(q) > 1e-6:
            g = abs(20 * math.log10(abs(p) / abs(q)))
            if g > ddb[c]:
                ddb[c] = g
            if i // ch >= 12000 and g > sdb[c]:
                sdb[c] = g
    print("common %d" % n)
    print("maxdiff %.9g" % d)
    print("at %d" % at)
    print("identical_from %d" % last)
    for c in range(ch):
        print("maxdiff%d %.9g" % (c, dch[c]))
        print("maxdb%d %.9g" % (c, ddb[c]))
        print("settledb%d %.9g" % (c, sdb[c]))


def chdiff(pa, ca, pb, cb):
    xa, xb = channel(load(pa), ca), channel(load(pb), cb)
    n = min(len(xa), len(xb))
    print("common %d" % n)
    print("maxdiff %.9g" % max(abs(xa[i] - xb[i]) for i in range(n)))


def ardour_port(path, name, port):
    import xml.etree.ElementTree as ET
    values = []
    for proc in ET.parse(path).iter("Processor"):
        if proc.get("name") != name:
            continue
        for node in proc.iter():
            if node.tag == "Port" and node.get("id") == port:
                values.append(node.get("value"))
            elif node.tag == "Controllable" and node.get("parameter") == port:
                values.append(node.get("value"))
    if not values:
        return 1
    # numbers as Ardour writes them (g_ascii_dtostr): compare as floats
    if all(float(v) == float(values[0]) for v in values):
        print("%.9g" % float(values[0]))
    else:
        print("disagree:" + ",".join(values))
    return 0


def main(argv):
    if len(argv) >= 6 and argv[1] == "envelope":
        envelope(argv[2], int(argv[3]), argv[4], int(argv[5]),
                 float(argv[6]) if len(argv) > 6 else 0.05)
    elif len(argv) >= 4 and argv[1] == "compare":
        compare(argv[2], argv[3], int(argv[4]) if len(argv) > 4 else 0)
    elif len(argv) == 6 and argv[1] == "chdiff":
        chdiff(argv[2], int(argv[3]), argv[4], int(argv[5]))
    elif len(argv) == 5 and argv[1] == "ardour-port":
        return ardour_port(argv[2], argv[3], argv[4])
    elif len(argv) == 3 and argv[1] == "frames":
        print(load(argv[2])[3])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
