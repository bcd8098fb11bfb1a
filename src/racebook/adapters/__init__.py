"""Adapters to other libraries, each an optional extra imported only here:
:mod:`racebook.adapters.openspiel` (``[openspiel]``) and
:mod:`racebook.adapters.pettingzoo` (``[pettingzoo]``).  Nothing in
:mod:`racebook.core` or :mod:`racebook.games` imports them."""
