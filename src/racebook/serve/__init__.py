"""``racebook serve``: tables of every game over HTTP and WebSocket, for
people to play in their browsers with bots in the empty seats (the
``[serve]`` extra: Starlette and uvicorn).  See docs/serving.rst.

:mod:`racebook.serve.hub` is the server without its framework (tables,
seats and tokens, bots and clock, limits); :mod:`racebook.serve.app` its
HTTP and WebSocket routes; :mod:`racebook.serve.store` where tables are kept;
:mod:`racebook.serve.pages` the pages."""
