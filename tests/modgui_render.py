#!/usr/bin/python3
# modgui_render.py: by hand, with tests/modgui.sh: serves mod-ui's html folder (MODUI_DIR,
# mod-audio/mod-ui with its utils built) and tests/modgui_page.html, and
# answers what that page asks as mod-ui's own server does, from mod-ui's own
# libmod_utils: a plugin's info (/effect/get) and its MOD GUI's files
# (/effect/file/...).
# Copyright 2026 the perlin.lv2 maintainers; ISC license (LICENSE).
# usage: LV2_PATH=... MODUI_DIR=... python3 modgui_render.py PORT, then
# http://127.0.0.1:PORT/modgui_page.html#PLUGIN_URI
import json
import os
import sys
MODUI = os.environ["MODUI_DIR"]
sys.path.insert(0, MODUI)
from modtools.utils import init, get_plugin_info, get_plugin_gui
import tornado.ioloop, tornado.web

class Get(tornado.web.RequestHandler):
    def get(self):
        try:
            data = get_plugin_info(self.get_argument("uri"))
        except Exception:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps(data))

class File(tornado.web.RequestHandler):
    def get(self, prop):
        try:
            gui = get_plugin_gui(self.get_argument("uri"))
            root = gui["resourcesDirectory"]
            path = self.get_argument("filename") if prop == "custom" else gui[prop]
        except Exception:
            raise tornado.web.HTTPError(404)
        full = path if os.path.isabs(path) else os.path.join(root, path)
        if not os.path.isfile(full):
            raise tornado.web.HTTPError(404)
        if prop in ("iconTemplate", "settingsTemplate", "stylesheet", "javascript"):
            self.set_header("Content-Type", "text/plain; charset=UTF-8")
        elif full.endswith(".png"):
            self.set_header("Content-Type", "image/png")
        with open(full, "rb") as f:
            self.write(f.read())

init()
html = os.path.join(MODUI, "html")
app = tornado.web.Application([
    (r"/effect/get", Get),
    (r"/effect/get_non_cached", Get),
    (r"/effect/file/(.*)", File),
    (r"/(modgui_page\.html)", tornado.web.StaticFileHandler,
     {"path": os.path.dirname(os.path.abspath(__file__))}),
    (r"/(.*)", tornado.web.StaticFileHandler, {"path": html, "default_filename": "index.html"}),
])
app.listen(int(sys.argv[1]), address="127.0.0.1")
print("serving", flush=True)
tornado.ioloop.IOLoop.current().start()
