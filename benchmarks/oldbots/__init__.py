"""Today's bots as they were on main at bf558a2 (before issue 25), kept verbatim as the
opponent of benchmarks/bots.py's head-to-head rows. Not part of the product: nothing outside
benchmarks/ imports them."""
from benchmarks.oldbots import galerapagos, lifeboat, lifeboats

OLD = {"lifeboats": lifeboats.BOT, "lifeboat": lifeboat.BOT, "galerapagos": galerapagos.BOT}
