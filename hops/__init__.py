"""The bounded hop loop: retrieve, grade, correct, compose final hits."""
