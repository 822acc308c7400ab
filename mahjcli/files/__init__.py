"""The only file I/O: where sessions live, the lock, atomic saves, the session and card
formats, the line locator, and the loader (read -> check -> fold)."""
