#!/usr/bin/python3
# carla_ui.py: by hand, with tests/carla_ui.sh (Carla is not in Debian 12:
# built from its source, outside the repository, in CARLA_DIR). Loads one
# LV2 plugin in Carla's engine through Carla's own Python bindings and
# opens the plugin's own UI, then idles the engine for N seconds, printing
# every parameter's current value once a second as "param <index>
# <symbol> <value>".
#
# usage: LV2_PATH=/path/to/lv2 DISPLAY=:93 python3 carla_ui.py [options] URI [SECONDS]
#   --inprocess     run the UI inside this process (ENGINE_OPTION_PREFER_UI_BRIDGES=0)
#                   default: Carla's Linux default, an X11 UI in the carla-bridge-lv2-x11 process
#   --driver NAME   engine driver (default: Dummy, falling back to JACK)
#   --play          start the engine transport (host.transport_play()) after loading
#   --events        also print engine callbacks for input-parameter changes ("event param ...")
#   --set T:I:V     at T seconds set parameter I to V from the host, as automation does
#                   (printed as "set I V"); may be given more than once
#   --carla DIR     Carla's built source tree (default $CARLA_DIR)
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).

import argparse
import os
import signal
import sys
import time

ap = argparse.ArgumentParser(description="Open an LV2 plugin's custom UI in Carla")
ap.add_argument("uri")
ap.add_argument("seconds", nargs="?", type=float, default=10.0)
ap.add_argument("--inprocess", action="store_true")
ap.add_argument("--driver", default=None)
ap.add_argument("--events", action="store_true")
ap.add_argument("--play", action="store_true", help="start Carla's transport (transport_play)")
ap.add_argument("--set", action="append", default=[], metavar="T:INDEX:VALUE",
                help="at T seconds, set parameter INDEX to VALUE as the host (automation)")
ap.add_argument("--carla", default=os.environ.get("CARLA_DIR", ""))
args = ap.parse_args()

CARLA = os.path.abspath(args.carla)
BIN = os.path.join(CARLA, "bin")
sys.path.insert(0, os.path.join(CARLA, "source", "frontend"))

from carla_backend import (  # noqa: E402
    CarlaHostDLL, BINARY_NATIVE, PLUGIN_LV2, PLUGIN_OPTIONS_NULL,
    ENGINE_OPTION_PATH_BINARIES, ENGINE_OPTION_PATH_RESOURCES, ENGINE_OPTION_PLUGIN_PATH,
    ENGINE_OPTION_PREFER_UI_BRIDGES, ENGINE_OPTION_PROCESS_MODE, ENGINE_OPTION_UIS_ALWAYS_ON_TOP,
    ENGINE_PROCESS_MODE_CONTINUOUS_RACK, ENGINE_OPTION_TRANSPORT_MODE, ENGINE_TRANSPORT_MODE_INTERNAL,
    ENGINE_CALLBACK_UI_STATE_CHANGED, ENGINE_CALLBACK_ERROR, ENGINE_CALLBACK_INFO,
    ENGINE_CALLBACK_PARAMETER_VALUE_CHANGED, ENGINE_CALLBACK_QUIT,
    PARAMETER_INPUT,
)

out = sys.stdout

# Work around a Carla bug on a bare X server (Xvfb, no window manager, no other client):
# CarlaPluginUI.cpp X11PluginUI::setTitle() does XInternAtom(dpy, "UTF8_STRING", True /*only if exists*/),
# gets None (0) and then XChangeProperty(..., type=None) -> BadAtom -> Xlib's default error handler
# exits the UI process (the carla-bridge-lv2-x11 bridge, or this process with --inprocess).
# Interning the atoms here, and keeping this connection open (so the server does not reset and
# forget them), makes them exist for Carla.
_xkeep = None
if os.environ.get("DISPLAY"):
    import ctypes
    import ctypes.util
    try:
        _x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        _x11.XOpenDisplay.restype = ctypes.c_void_p
        _x11.XOpenDisplay.argtypes = (ctypes.c_char_p,)
        _x11.XInternAtom.restype = ctypes.c_ulong
        _x11.XInternAtom.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int)
        _x11.XSync.argtypes = (ctypes.c_void_p, ctypes.c_int)
        _xkeep = _x11.XOpenDisplay(None)
        if _xkeep:
            for _a in (b"UTF8_STRING", b"WM_DELETE_WINDOW", b"WM_PROTOCOLS"):
                _x11.XInternAtom(_xkeep, _a, 0)
            _x11.XSync(_xkeep, 0)
    except OSError:
        pass


def say(*a):
    print(*a, file=out, flush=True)


host = CarlaHostDLL(os.path.join(BIN, "libcarla_standalone2.so"), False)

state = {"quit": False, "ui": None, "inputs": set()}


def engine_callback(_ptr, action, pluginId, value1, value2, value3, valuef, valueStr):
    s = valueStr.decode("utf-8", "replace") if valueStr else ""
    if action == ENGINE_CALLBACK_UI_STATE_CHANGED:
        # value1: 1 = shown, 0 = hidden (closed by user), -1 = crashed / failed
        state["ui"] = value1
        say("event ui-state plugin %d %d" % (pluginId, value1))
    elif action == ENGINE_CALLBACK_ERROR:
        say("event error %s" % s)
    elif action == ENGINE_CALLBACK_INFO:
        say("event info %s" % s)
    elif action == ENGINE_CALLBACK_QUIT:
        state["quit"] = True
    elif action == ENGINE_CALLBACK_PARAMETER_VALUE_CHANGED and args.events:
        if value1 in state["inputs"]:
            say("event param %d %g" % (value1, valuef))


host.set_engine_callback(engine_callback)


def err(what):
    e = host.get_last_error()
    say("error: %s failed: %s" % (what, e or "(no error string)"))


def on_signal(_sig, _frm):
    state["quit"] = True


signal.signal(signal.SIGINT, on_signal)
signal.signal(signal.SIGTERM, on_signal)

# ---- engine options ------------------------------------------------------------------------------
host.set_engine_option(ENGINE_OPTION_PATH_BINARIES, 0, BIN)
host.set_engine_option(ENGINE_OPTION_PATH_RESOURCES, 0, os.path.join(CARLA, "resources"))
host.set_engine_option(ENGINE_OPTION_PREFER_UI_BRIDGES, 0 if args.inprocess else 1, "")
host.set_engine_option(ENGINE_OPTION_UIS_ALWAYS_ON_TOP, 0, "")
lv2path = os.environ.get("LV2_PATH")
if lv2path:
    host.set_engine_option(ENGINE_OPTION_PLUGIN_PATH, PLUGIN_LV2, lv2path)

# ---- engine init: Dummy if available, else JACK ---------------------------------------------------
drivers = [args.driver] if args.driver else ["Dummy", "JACK"]
driver = None
for d in drivers:
    if d == "Dummy":
        host.set_engine_option(ENGINE_OPTION_PROCESS_MODE, ENGINE_PROCESS_MODE_CONTINUOUS_RACK, "")
        host.set_engine_option(ENGINE_OPTION_TRANSPORT_MODE, ENGINE_TRANSPORT_MODE_INTERNAL, "")
    if host.engine_init(d, "carla-ui"):
        driver = d
        break
    err("engine_init(%s)" % d)
if driver is None:
    sys.exit(1)
say("engine %s running (sr %g, bs %d)" % (driver, host.get_sample_rate(), host.get_buffer_size()))

rc = 0
try:
    # ---- plugin ----------------------------------------------------------------------------------
    if not host.add_plugin(BINARY_NATIVE, PLUGIN_LV2, "", "", args.uri, 0, None, PLUGIN_OPTIONS_NULL):
        err("add_plugin(%s)" % args.uri)
        rc = 1
        raise SystemExit
    info = host.get_plugin_info(0)
    say("plugin 0 %s (%s)" % (info["name"], info["label"]))

    n = host.get_parameter_count(0)
    names = []
    for i in range(n):
        pi = host.get_parameter_info(0, i)
        names.append(pi["symbol"] or pi["name"] or str(i))
        if host.get_parameter_data(0, i)["type"] == PARAMETER_INPUT:
            state["inputs"].add(i)

    if args.play:
        host.transport_play()
    host.show_custom_ui(0, True)

    # ---- idle loop -------------------------------------------------------------------------------
    t0 = time.monotonic()
    next_print = t0
    sets = sorted((float(t), int(i), float(v)) for t, i, v in (x.split(":") for x in args.set))
    while not state["quit"] and time.monotonic() - t0 < args.seconds:
        host.engine_idle()
        now = time.monotonic()
        while sets and now - t0 >= sets[0][0]:
            _, i, v = sets.pop(0)
            host.set_parameter_value(0, i, v)
            say("set %d %g" % (i, v))
        if now >= next_print:
            say("t %.1f" % (now - t0))
            for i in range(n):
                say("param %d %s %g" % (i, names[i], host.get_current_parameter_value(0, i)))
            next_print += 1.0
        time.sleep(0.02)
        if state["ui"] == -1:
            say("ui failed/crashed")
            rc = 2
            break

    host.show_custom_ui(0, False)
    for _ in range(10):
        host.engine_idle()
        time.sleep(0.02)
    host.remove_all_plugins()
except SystemExit:
    pass
finally:
    if not host.engine_close():
        err("engine_close")
    say("closed")

sys.exit(rc)
