"""The mass battle's web code: see `plugin.py`."""
