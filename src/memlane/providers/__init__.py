"""Providers: embedding models (and, later, LLMs). Built-ins are registered like plugins."""
