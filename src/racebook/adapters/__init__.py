"""Adapters to other libraries, each an optional extra imported only here:
:mod:`racebook.adapters.openspiel` (``[openspiel]``) and
:mod:`racebook.adapters.pettingzoo` (``[pettingzoo]``).  Nothing in
``racebook.core`` or ``racebook.games`` imports them."""
