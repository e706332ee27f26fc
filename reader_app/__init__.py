"""Pagemate: a desktop e-reader with a spoiler-safe reading companion."""

__version__ = "0.1.0"
APP_NAME = "Pagemate"
