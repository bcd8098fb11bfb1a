"""Tracks, racing boxes, positions, finishing order and tie-breaks."""
