"""Sentence-level cues shared by the gate and the rule-based extractor.

Each user message is cut into statements (sentences, and clauses joined by "but" / ";"); each
statement gets one *act*: greeting / small talk, question, speculation, request, confirmation,
retraction or statement. Only statements (and permanent requests: "always answer in French") can
hold a memory. The word lists are general English cue words plus a few common French, Spanish and
German ones; they are written as data here, once, and pinned down by ``tests/test_extraction_rules.py``.
"""

from __future__ import annotations

import re
from enum import StrEnum

from ..forgetting.requests import asked_to_forget
from ..text.sentences import STOP_END

__all__ = ["Act", "act_of", "has_permanence", "is_transient", "split_statements", "strip_greeting"]

#: sentence ends: ".", "!" or "?" then space as ``text.sentences`` reads them (not after a title, nor
#: after a soft abbreviation when a lower-case word or a digit follows), a line break, or a spaced dash
#: before a capital
_SPLIT_RE = re.compile(STOP_END + r"|\n+|\s+[-–—]\s+(?=[A-Z])")
_GREETING_LEAD_RE = re.compile(
    r"^\W*(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|bonjour|salut|hola|hallo|ok|okay|so|well|"
    r"thanks|thank\s+you|quick\s+update|update|heads\s+up|fyi|btw|by\s+the\s+way|also|ps|note|oh|and)"
    r"(?:\s+(?:there|all|team|everyone|folks|again))?\s*[,!:.-]+\s*(?=\w)",
    re.I,
)


class Act(StrEnum):
    SMALL_TALK = "small talk"
    QUESTION = "question"
    SPECULATION = "speculation"
    REQUEST = "one-off request"
    CONFIRMATION = "confirmation"
    RETRACTION = "retraction"
    STATEMENT = "statement"


def _alt(words: str) -> str:
    return "|".join(sorted((w.replace(" ", r"\s+") for w in words.split("|")), key=len, reverse=True))


_SMALL_TALK_RE = re.compile(
    r"^\W*(?:"
    + _alt(
        "hi|hello|hey|hiya|yo|good morning|good afternoon|good evening|good night|morning|thanks|thank you|"
        "thx|ty|cheers|bye|goodbye|see you|see ya|later|ok|okay|k|cool|great|nice|awesome|perfect|sounds good|"
        "got it|no worries|np|sure|lol|haha|hmm|wow|oh|ah|sorry|my bad|welcome|you're welcome|all good|"
        "have a nice day|have a good one|bonjour|salut|merci|hola|gracias|adiós|danke|hallo|tschüss|ciao|"
        "how are you|how's it going|what's up|not much|nothing much|fine|good|i'm good|i'm fine|doing well"
    )
    + r")(?:\W+(?:"
    + _alt(
        "there|all|team|everyone|folks|so much|a lot|again|for that|for the help|buddy|mate|then|thanks|"
        "thank you|you|too|great|cool|ok|okay|bye|very much|beaucoup|muchas|for your help|for that|"
        "tomorrow|soon|next week|on monday|everyone|!"
    )
    + r"))*\W*$",
    re.I,
)
#: a greeting or thanks to someone by name: "Thanks Jo!", "Hi Marta,"
_GREETING_NAME_RE = re.compile(
    r"^\W*(?:hi|hello|hey|thanks|thank\s+you|cheers|bye|morning|ciao|merci|gracias|danke)\s*,?\s+"
    r"(?-i:[A-Z][a-z]+)\W*$",
    re.I,
)
#: a first-person statement about right now: "I'm out sick today", "I'm at the dentist right now"
_TRANSIENT_RE = re.compile(
    r"^\W*(?:i|i'm|i\s+am|i'll|i've)\b.*\b(?:today|tonight|right\s+now|at\s+the\s+moment|"
    r"this\s+(?:morning|afternoon|evening))\b",
    re.I,
)
_QUESTION_START_RE = re.compile(
    r"^\W*(?:what|what's|whats|how|why|when|where|who|whom|whose|which|is|are|am|was|were|do|does|did|"
    r"can|could|would|will|shall|have|has|had|isn't|aren't|didn't|won't|wouldn't|"
    r"qu'est-ce|est-ce|pourquoi|comment|quand|où|qué|cómo|cuándo|dónde|por qué|was|wie|wann|wo|warum)\b",
    re.I,
)
_SPECULATION_RE = re.compile(
    r"\b(?:should i|should we|maybe|perhaps|might|i wonder|wondering|not sure|thinking about|"
    r"thinking of|considering|what if|i guess|probably|possibly|could try|i may|we may|i'm tempted|"
    r"i am tempted|peut-être|quizás|vielleicht|not\s+(?:yet\s+)?decided|undecided|haven't\s+decided|"
    r"tbd|to\s+be\s+decided)\b",
    re.I,
)
_REQUEST_RE = re.compile(
    r"^\W*(?:please\s+)?(?:(?:can|could|would|will)\s+you|i\s+need\s+you\s+to|i\s+want\s+you\s+to|"
    r"i'd\s+like\s+you\s+to|please|pls|plz|kindly|let\s+me\s+know|i'm\s+having\s+(?:trouble|problems|an\s+issue)|"
    r"i\s+have\s+(?:a\s+problem|an\s+issue|trouble)|i\s+need\s+help|i\s+have\s+a\s+question|"
    r"i've\s+got\s+a\s+question|j'ai\s+une\s+question|tengo\s+una\s+pregunta|"
    r"book|find|show|tell|give|send|write|draft|make|create|schedule|order|get|check|look|search|fix|"
    r"run|help|summarize|summarise|translate|explain|list|add|open|close|cancel|call|email|text|buy|"
    r"compare|generate|rewrite|reply|remove|delete|update|set|turn|play|read|review|plan|suggest|"
    r"recommend|go|try|use|put|move|rename|refactor|deploy|install|merge|push|revert|upgrade|downgrade|"
    r"change|reset|refund|renew|ship|print|save|share|post|start|stop|restart|pay|fill|sign|submit|"
    r"réserve|envoie|trouve|busca|envía|reserva|schick|such|buch)\b",
    re.I,
)
_CONFIRM_RE = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|correct|exactly|right|that's right|that is right|that's correct|"
    r"that is correct|true|indeed|confirmed|affirmative|spot on|oui|sí|si|ja|genau|c'est ça|exacto)\b",
    re.I,
)
_RETRACT_RE = re.compile(
    r"\b(?:forget\s+(?:that|about|my|what)|don't\s+remember\s+that|(?:that's|that\s+is|it's|it\s+is)\s+"
    r"(?:no\s+longer|not)\s+true(?:\s+anymore)?|no\s+longer\s+true|scratch\s+that|disregard\s+(?:that|what)|"
    r"ignore\s+what\s+i\s+said|oublie\s+que|olvida\s+que|vergiss)\b",
    re.I,
)
_PERMANENCE_RE = re.compile(
    r"\b(?:always|never|from\s+now\s+on|by\s+default|can't\s+stand|cannot\s+stand|go-to|my\s+usual|going\s+forward|henceforth|every\s+time|"
    r"whenever|in\s+future|in\s+the\s+future|(?:i|we)\s+(?:usually|generally|normally|tend\s+to)|"
    r"prefer(?:s|red)?|(?:i|we)\s+(?:would\s+)?rather|i'd\s+rather|(?:don't|do\s+not|never)\s+ever|as\s+a\s+rule|"
    r"favou?rite|,\s*ever|toujours|jamais|désormais|je\s+préfère|siempre|nunca|prefiero|de\s+ahora\s+en\s+adelante|"
    r"immer|nie|niemals|ab\s+jetzt|ich\s+bevorzuge)\b",
    re.I,
)


#: "When a deploy fails, roll back first": a condition and its rule, not a question
_CONDITIONAL_RE = re.compile(r"^\W*(?:when|whenever|if|once)\s+[^,?]{3,},\s*\w", re.I)


def split_statements(text: str) -> list[str]:
    """The sentences of one message, stripped; empty pieces dropped."""
    return [s.strip() for s in _SPLIT_RE.split(text) if s and s.strip()]


def has_permanence(text: str) -> bool:
    """Does the statement say it holds beyond now ("always", "from now on", "I prefer"...)?"""
    return _PERMANENCE_RE.search(text) is not None


def strip_greeting(sentence: str) -> str:
    """The sentence without a leading greeting or filler ("Hello, we use Stripe" → "we use Stripe")."""
    return _GREETING_LEAD_RE.sub("", sentence.strip())


def is_transient(sentence: str) -> bool:
    """A first-person statement about right now, with no permanence ("I'm out sick today")."""
    return _TRANSIENT_RE.match(sentence) is not None and not has_permanence(sentence)


def act_of(sentence: str) -> Act:
    """What the sentence does; the first matching act in the order below wins."""
    s = sentence.strip()
    if _SMALL_TALK_RE.match(s) or _GREETING_NAME_RE.match(s):
        return Act.SMALL_TALK
    s = strip_greeting(s)
    if _SMALL_TALK_RE.match(s):
        return Act.SMALL_TALK
    if _RETRACT_RE.search(s) or asked_to_forget(s) is not None:
        return Act.RETRACTION
    if _CONFIRM_RE.match(s) and len(s.split()) <= 6:
        return Act.CONFIRMATION
    if s.endswith("?") or (_QUESTION_START_RE.match(s) and not _CONDITIONAL_RE.match(s)):
        return Act.QUESTION
    if _SPECULATION_RE.search(s):
        return Act.SPECULATION
    if _REQUEST_RE.match(s) and not has_permanence(s):
        return Act.REQUEST
    return Act.STATEMENT
