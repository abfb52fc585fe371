"""Sensitive-value detection and normalization for the PEP.

``detect(text, ctx)`` finds phones, emails, payment cards, IBANs, verification codes,
credentials, postal addresses and health data in a text, including obfuscated forms (spelled or
spaced digits, Chinese numerals, full-width and invisible characters, "name at domain dot com"),
and gives each a set of canonical keys ("phone:+8613812345678") for payload-proportional
matching against session observations, a masked display form, and its span in the input.

Results are memoized per (text, context); ``detect_uncached`` skips the memo.
``match_keys(text, ctx)`` adds lookup-only keys (bare codes, hashed words) for matching a payload
against values observed earlier, e.g. an SMS code typed into a note without any context.
``warm_up(ctx)`` loads phone metadata and lexicons at startup instead of on the first decision.
``python -m host_pep.values.bench`` prints the cost of ``detect`` on typical payloads.
"""

from host_pep.values.detect import detect, detect_uncached, warm_up
from host_pep.values.kinds import Detected, DetectionContext, SensitiveKind
from host_pep.values.masking import mask
from host_pep.values.matching import match_keys

__all__ = [
    "Detected",
    "DetectionContext",
    "SensitiveKind",
    "detect",
    "detect_uncached",
    "mask",
    "match_keys",
    "warm_up",
]
