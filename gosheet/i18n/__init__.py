"""The languages of gosheet: gettext catalogs of messages (``catalog``).

The bottom layer: it imports nothing of gosheet, so every layer may translate its words.
"""
