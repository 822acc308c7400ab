"""Changing a night: take the lock, load, build the entry from what was typed, replay the
night with it (the same fold that scores it decides whether it can happen), and save."""
