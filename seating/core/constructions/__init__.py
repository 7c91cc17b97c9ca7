"""Constructions of seatings for particular sizes."""
