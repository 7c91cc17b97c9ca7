"""Ratings across tournaments. ``engines.ratings`` is the pure rating (no Django); the Django
app that stores ratings, season points and the pages comes on top of it."""
