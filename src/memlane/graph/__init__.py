"""The entity graph: named things (people, companies, tickets…), their aliases and external ids.

``resolution`` decides, deterministically and offline, which known entity a mention refers to. The
entity tables, linking on store and the graph lane build on it (issue 12).
"""
