"""Providers: embedding models (``embedders``) and LLMs (``llm``). Built-ins are registered like plugins."""
