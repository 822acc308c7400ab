"""mahj: the score keeper for American mahjong tables."""

__version__ = "0.1.0"
