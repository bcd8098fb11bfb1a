"""Ways to look at a game: its steps as one seat saw them
(:mod:`racebook.watch.steps`), a self-contained HTML replay page
(:mod:`racebook.watch.html`), SVG charts (:mod:`racebook.watch.charts`) and
events in words (:mod:`racebook.watch.words`).

Nothing here needs more than the standard library; the terminal table
(``racebook play``) is in :mod:`racebook.cli.play`."""
