"""Credentials recognisable by their own shape: a vendor prefix and a fixed alphabet and length.

These never need context and carry (next to) no risk of a false positive: ``ghp_`` followed by 36
letters and digits is a GitHub token wherever it appears. The table follows the published formats
(and the patterns of the ``detect-secrets`` plugins and gitleaks rules for the same services); it is
data, tried as one compiled alternation. Shapes whose prefix is a common word (``sk-``, ``ml_``,
``secret_``) also need a random-looking body, checked in ``_random_enough``.
"""

from __future__ import annotations

import re

__all__ = ["find_token"]

_B64 = r"A-Za-z0-9+/"
_URL = r"A-Za-z0-9_\-"

#: group name -> (description, pattern). Order matters only where two shapes overlap.
SHAPES: dict[str, tuple[str, str]] = {
    "pem": ("a private key block", r"-----BEGIN[ A-Z0-9]{0,40} PRIVATE KEY(?: BLOCK)?-----"),
    "aws": (
        "an AWS access key id",
        r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Z0-9])",
    ),
    "github": ("a GitHub token", r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b"),
    "gitlab": ("a GitLab token", r"\bgl(?:pat|dt|rt|ptt|cbt|oas|soat|imt|agent)-[A-Za-z0-9_\-]{20,}"),
    "anthropic": ("an Anthropic API key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}"),
    "openai": ("an OpenAI API key", r"\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_\-]{20,}"),
    "stripe": ("a Stripe secret key", r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|\bwhsec_[A-Za-z0-9]{24,}"),
    "slack": ("a Slack token", r"\bxox[abposre]-[A-Za-z0-9\-]{10,}|\bxapp-\d-[A-Za-z0-9\-]{20,}"),
    "slackhook": (
        "a Slack webhook URL",
        r"hooks\.slack\.com/(?:services|workflows|triggers)/T[A-Za-z0-9_]+/[A-Za-z0-9_]+/[A-Za-z0-9_]+",
    ),
    "discordhook": (
        "a Discord webhook URL",
        r"discord(?:app)?\.com/api/webhooks/\d{17,20}/[A-Za-z0-9_\-]{60,}",
    ),
    "google": ("a Google API key", rf"\bAIza[0-9A-Za-z_\-]{{35}}(?![{_URL}])"),
    "gcpoauth": ("a Google OAuth client secret", rf"\bGOCSPX-[{_URL}]{{28}}(?![{_URL}])"),
    "hf": ("a Hugging Face token", r"\bhf_[A-Za-z0-9]{30,}\b"),
    "npm": ("an npm token", r"\bnpm_[A-Za-z0-9]{36}\b"),
    "pypi": ("a PyPI token", rf"\bpypi-AgE[{_URL}]{{50,}}"),
    "sendgrid": ("a SendGrid API key", r"\bSG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}\b"),
    "twilio": ("a Twilio credential", r"\b(?:AC|SK)[0-9a-f]{32}\b"),
    "azure": (
        "an Azure storage key",
        rf"(?i:\b(?:Account|SharedAccess)Key\s*=\s*)[{_B64}]{{40,}}={{0,2}}"
        r"|[?&]sv=\d{4}-\d\d-\d\d&[^\s#]*?\bsig=[A-Za-z0-9%+/]{30,}",
    ),
    "discord": (
        "a Discord bot token",
        r"\b[MNO][A-Za-z0-9_\-]{23,25}\.[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27,}",
    ),
    "telegram": ("a Telegram bot token", rf"\b\d{{8,10}}:AA[{_URL}]{{33}}(?![{_URL}])"),
    "mailchimp": ("a Mailchimp API key", r"\b[0-9a-f]{32}-us\d{1,2}\b"),
    "mailgun": ("a Mailgun API key", r"\bkey-[0-9a-f]{32}\b"),
    "shopify": ("a Shopify token", r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b"),
    "digitalocean": ("a DigitalOcean token", r"\bdo[por]_v1_[a-f0-9]{64}\b"),
    "vault": ("a HashiCorp Vault token", rf"\bhv[sbr]\.[{_URL}]{{24,}}"),
    "postman": ("a Postman API key", r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b"),
    "databricks": ("a Databricks token", r"\bdapi[a-f0-9]{32}(?:-\d)?\b"),
    "linear": ("a Linear API key", r"\blin_(?:api|oauth)_[A-Za-z0-9]{40}\b"),
    "grafana": ("a Grafana token", r"\bgl(?:sa|c)_[A-Za-z0-9_+/=\-]{32,}"),
    "sentry": ("a Sentry token", r"\bsntr[ysu]_[A-Za-z0-9+/=_\-]{40,}"),
    "age": ("an age secret key", r"\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b"),
    "docker": ("a Docker Hub token", rf"\bdckr_pat_[{_URL}]{{27,}}"),
    "notion": ("a Notion token", r"\b(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})\b"),
    "square": ("a Square token", rf"\bsq0(?:csp|atp)-[{_URL}]{{22,}}|\bEAAA[{_URL}]{{60}}(?![{_URL}])"),
    "atlassian": ("an Atlassian API token", r"\bATATT3[A-Za-z0-9_\-=]{150,}"),
    "supabase": ("a Supabase token", r"\bsbp_[a-f0-9]{40}\b"),
    "tailscale": (
        "a Tailscale key",
        r"\btskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}",
    ),
    "doppler": ("a Doppler token", r"\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}"),
    "groq": ("a Groq API key", r"\bgsk_[A-Za-z0-9]{48,}\b"),
    "replicate": ("a Replicate token", r"\br8_[A-Za-z0-9]{37}\b"),
    "newrelic": ("a New Relic key", r"\bNR(?:AK|II|JS)-[A-Za-z0-9]{19,}\b"),
    "pulumi": ("a Pulumi token", r"\bpul-[a-f0-9]{40}\b"),
    "figma": ("a Figma token", rf"\bfig[dou]_[{_URL}]{{40,}}"),
    "memlane": ("a memlane API key", rf"\bml_[{_URL}]{{43}}(?![{_URL}])"),
    "jwt": ("a JSON Web Token", r"\beyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}"),
}

#: group name -> lower-case substrings one of which every match contains: a shape's expression runs only
#: on texts that have one (one alternation of all shapes is ~10x slower than this in Python's ``re``)
NEEDLES: dict[str, tuple[str, ...]] = {
    "pem": ("-----begin",),
    "aws": ("akia", "asia", "abia", "acca", "agpa", "aida", "aipa", "anpa", "anva", "aroa", "a3t"),
    "github": ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
    "gitlab": ("glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "gloas-", "glsoat-", "glimt-", "glagent-"),
    "anthropic": ("sk-ant-",),
    "openai": ("sk-",),
    "stripe": ("sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_"),
    "slack": ("xox", "xapp-"),
    "slackhook": ("hooks.slack.com",),
    "discordhook": ("/api/webhooks/",),
    "google": ("aiza",),
    "gcpoauth": ("gocspx-",),
    "hf": ("hf_",),
    "npm": ("npm_",),
    "pypi": ("pypi-age",),
    "sendgrid": ("sg.",),
    "twilio": ("ac", "sk"),
    "azure": ("accountkey", "sharedaccesskey", "sig="),
    "discord": (".",),
    "telegram": (":aa",),
    "mailchimp": ("-us",),
    "mailgun": ("key-",),
    "shopify": ("shpat_", "shpss_", "shpca_", "shppa_"),
    "digitalocean": ("_v1_",),
    "vault": ("hvs.", "hvb.", "hvr."),
    "postman": ("pmak-",),
    "databricks": ("dapi",),
    "linear": ("lin_api_", "lin_oauth_"),
    "grafana": ("glsa_", "glc_"),
    "sentry": ("sntr",),
    "age": ("age-secret-key-1",),
    "docker": ("dckr_pat_",),
    "notion": ("secret_", "ntn_"),
    "square": ("sq0csp-", "sq0atp-", "eaaa"),
    "atlassian": ("atatt3",),
    "supabase": ("sbp_",),
    "tailscale": ("tskey-",),
    "doppler": ("dp.",),
    "groq": ("gsk_",),
    "replicate": ("r8_",),
    "newrelic": ("nrak-", "nrii-", "nrjs-"),
    "pulumi": ("pul-",),
    "figma": ("figd_", "figo_", "figu_"),
    "memlane": ("ml_",),
    "jwt": ("eyj",),
}
_COMPILED = [(name, re.compile(pattern), NEEDLES[name], desc) for name, (desc, pattern) in SHAPES.items()]
#: shapes whose prefix is an ordinary word or package name: the body must look random too
_NEEDS_RANDOM = {"openai": 3, "memlane": 3, "notion": 4, "discord": 0}


def _random_enough(body: str) -> bool:
    """A generated token has digits and mixed case (or is long); ``sk-learn-contrib-…`` is not one."""
    has_digit = any(c.isdigit() for c in body)
    mixed = any(c.isupper() for c in body) and any(c.islower() for c in body)
    return has_digit and (mixed or len(body) >= 40)


def find_token(text: str) -> str | None:
    """The description of the first credential in ``text`` known by its shape, or None."""
    low = text.lower()
    for name, pattern, needles, desc in _COMPILED:
        if not any(needle in low for needle in needles):
            continue
        skip = _NEEDS_RANDOM.get(name)
        for m in pattern.finditer(text):
            if skip is None or _random_enough(m.group()[skip:]):
                return desc
    return None
