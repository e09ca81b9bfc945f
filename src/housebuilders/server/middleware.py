"""The middleware around every answer: a cap on the size of a request's body
(``BodyLimit``) and the security headers (``SecurityHeaders``), with the pages'
Content-Security-Policy (``page_policy``), which allows the games' drawings' own
style sheets by their hashes."""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from housebuilders.core import game, game_ids

MAX_BODY = 16 * 1024  # bytes: no request the client makes comes near it


class BodyLimit:
    """Refuses (413) a request whose body is larger than ``MAX_BODY`` bytes, whether
    it says its length or not (chunked): the body is read here first, up to that."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _too_large(send)
            return
        messages: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break  # the client left
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                await _too_large(send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)


async def _too_large(send: Send) -> None:
    body = b'{"error":"request too large","rule":null}'
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", b"%d" % len(body)),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


#: FastAPI's own API pages (/docs, /redoc) load their scripts and styles from a CDN and
#: start them inline: they get this looser policy, every other answer the page policy
DOCS_POLICY = (
    "default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https:; connect-src 'self'; "
    "worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")


@functools.cache
def page_policy() -> str:
    """The Content-Security-Policy of the site: its own scripts and styles only (no
    inline script, no style attribute), plus the games' drawings' own <style>
    sheets, allowed by their hashes."""
    styles = " ".join(f"'{h}'" for h in sorted(drawing_style_hashes()))
    return (
        "default-src 'none'; script-src 'self'; "
        f"style-src 'self'{' ' + styles if styles else ''}; "
        "img-src 'self' data:; connect-src 'self'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def drawing_style_hashes() -> set[str]:
    """The CSP hashes of the <style> sheets in each game's SVG drawing (one drawing of
    a new game each: a game's sheet is the same in all its drawings)."""
    hashes = set()
    for spec in map(game, game_ids()):
        if spec.svg_view is None:
            continue
        state = spec.new_game(spec.min_players, 0)
        drawing = spec.svg_view(state.observe(0), state.legal_json(0))
        for sheet in re.findall(r"<style[^>]*>(.*?)</style>", drawing, re.S):
            digest = hashlib.sha256(html.unescape(sheet).encode()).digest()
            hashes.add("sha256-" + base64.b64encode(digest).decode())
    return hashes


NO_STORE = (b"cache-control", b"no-store")


class SecurityHeaders:
    """Adds to every HTTP answer: no Referer for links followed from the site, a
    Content-Security-Policy (no framing), no content-type sniffing, and (but for the
    static files) no storing in any cache."""

    def __init__(self, app: ASGIApp, policy: str) -> None:
        self.app = app
        self.headers = [
            (b"referrer-policy", b"no-referrer"),
            (b"x-content-type-options", b"nosniff"),
        ]
        self.policy = policy.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = scope["path"].startswith(DOCS_PATHS)
        policy = DOCS_POLICY.encode() if docs else self.policy
        # pages and answers may carry a seat's token or view: no cache keeps them
        stored = [] if scope["path"].startswith("/static/") else [NO_STORE]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {
                    **message,
                    "headers": [
                        *message.get("headers", []),
                        *self.headers,
                        *stored,
                        (b"content-security-policy", policy),
                    ],
                }
            await send(message)

        await self.app(scope, receive, with_headers)
