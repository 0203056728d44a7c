# The logging module (issue 15): levels, hierarchy, handlers, formatters.
import io
import logging

stream = io.StringIO()
handler = logging.StreamHandler(stream=stream)
logger = logging.getLogger("bench")
logger.propagate = False
logger.addHandler(handler)
logger.setLevel(logging.WARNING)
logger.debug("hidden %s", 1)
logger.info("hidden")
logger.warning("shown %s and %d", "text", 42)
logger.error("error %r", [1, 2])
logger.critical("crit")
logger.log(logging.ERROR, "via log %05.2f", 3.14159)
print(repr(stream.getvalue()))

# The hierarchy: a child takes its parent's level and handlers.
parent = logging.getLogger("app")
child = logging.getLogger("app.db.conn")
middle = logging.getLogger("app.db")
print(child.parent is middle, middle.parent is parent, parent.parent is logging.getLogger())
print(logging.getLogger("app") is parent, logging.getLogger() is logging.root)
out = io.StringIO()
h = logging.StreamHandler(out)
h.setFormatter(logging.Formatter("%(levelname)s|%(name)s|%(message)s"))
parent.addHandler(h)
parent.setLevel(logging.INFO)
print(child.getEffectiveLevel(), child.isEnabledFor(logging.DEBUG), child.isEnabledFor(logging.INFO))
child.info("from %s", "child")
child.debug("not shown")
middle.warning("from middle")
h.setLevel(logging.ERROR)
child.warning("filtered by the handler")
child.error("passes the handler")
print(out.getvalue(), end="")
print(repr(parent), repr(h))

# Formatter styles and fields.
rec = logging.LogRecord("n", logging.INFO, "p.py", 3, "x=%d y=%s", (1, "two"), None)
print(rec.getMessage(), rec.levelname, rec.levelno, rec.name)
print(logging.Formatter("{levelname}:{message}", style="{").format(rec))
print(logging.Formatter("%(name)-4s[%(levelno)3d] %(message)s").format(rec))
print(logging.Formatter().format(rec))
rec2 = logging.LogRecord("n", logging.INFO, "p.py", 3, "%(a)s-%(b)s", ({"a": 1, "b": 2},), None)
print(rec2.getMessage())

# Level names.
print(logging.getLevelName(logging.WARNING), logging.getLevelName(35), logging.getLevelName("ERROR"))
logging.addLevelName(25, "NOTICE")
print(logging.getLevelName(25))
logger.setLevel("INFO")
print(logger.level)
try:
    logger.setLevel("LOUD")
except ValueError as e:
    print("ValueError:", e)

# Filters.
out2 = io.StringIO()
f = logging.getLogger("filt")
f.propagate = False
fh = logging.StreamHandler(out2)
f.addHandler(fh)
fh.addFilter(lambda r: "keep" in r.getMessage())
f.warning("keep this")
f.warning("drop this")
print(repr(out2.getvalue()))
print(logging.Filter("a.b").filter(logging.LogRecord("a.b.c", 10, "", 0, "", (), None)),
      logging.Filter("a.b").filter(logging.LogRecord("a.bc", 10, "", 0, "", (), None)))

# disable() silences everything at or below a level.
logging.disable(logging.CRITICAL)
f.critical("keep but disabled")
logging.disable(logging.NOTSET)
f.critical("keep again")
print(repr(out2.getvalue()))
