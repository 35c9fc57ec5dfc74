"""Storage backends behind one contract (``base.Store``)."""
