# logging.basicConfig and the module-level functions (issue 15).
import logging
import sys

logging.warning("before basicConfig goes to stderr")
logging.basicConfig(stream=sys.stdout, level=logging.DEBUG, format="%(levelname)s:%(name)s:%(message)s", force=True)
logging.debug("debug %d", 1)
logging.info("info")
logging.warning("warning %s", "w")
logging.error("error")
logging.critical("critical")
log = logging.getLogger("mod.sub")
log.info("child of root: %.1f", 2.5)
logging.basicConfig(format="ignored: %(message)s")
logging.info("basicConfig again does nothing")
try:
    logging.basicConfig(force=True, stream=sys.stdout, bogus=1)
except ValueError as e:
    print("ValueError:", e)
