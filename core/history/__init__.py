"""The home's history: every version of every file, who wrote it, and the home as it stood.

``store``: the version store (git objects through pygit2, outside the home); ``capture``: what
records versions as they are written or seen; ``entries``: versions and blame of one warm entry.
"""
