"""The game screen's drawing kit: parchment panels, cached text, wrapped text, count badges, tags, cards
and tooltips for drawn panels, sized by the screen's scale (``px``).

A part of ``GameScene`` (a mixin): it reads the scene's seat view (``view``), ``px``, ``names``, ``colours``
and ``regions()``, so a replay viewer can reuse it.
"""

from __future__ import annotations

import pygame

from ... import i18n
from ...render.cards import card_image
from ...render.palette import ALERT, BORDER, INK, PARCHMENT, SHADOW, WHITE


class DrawKit:
    """Drawing helpers of the game screen."""

    def draw_panel(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        fill: tuple[int, int, int] = PARCHMENT,
        border: tuple[int, int, int] = BORDER,
        width: int = 2,
    ) -> None:
        pygame.draw.rect(surface, SHADOW, rect.move(0, self.px(3)), border_radius=self.px(10))
        pygame.draw.rect(surface, fill, rect, border_radius=self.px(10))
        pygame.draw.rect(surface, border, rect, width, border_radius=self.px(10))

    def draw_text(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        size: int,
        colour: tuple[int, int, int] = INK,
        bold: bool = False,
        title: bool = False,
        anchor: str = "topleft",
        max_w: int | None = None,
    ) -> pygame.Rect:
        key = (text, size, colour, bold, title, max_w, self.scale)
        img = self._text_cache.get(key)
        if img is None:
            font = self.app.assets.font(self.px(size), bold=bold, title=title)
            fitted = text
            if max_w is not None:
                while font.size(fitted)[0] > max_w and len(fitted) > 4:
                    fitted = fitted[:-2].rstrip() + "…"
            if fitted != text:  # shortened to fit its box: a layout to widen (tests read the list)
                self.__dict__.setdefault("shortened", set()).add(text)
            img = font.render(fitted, True, colour)
            if len(self._text_cache) > 600:
                self._text_cache.clear()
            self._text_cache[key] = img
        rect = img.get_rect(**{anchor: pos})
        surface.blit(img, rect)
        return rect

    def draw_wrapped(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        width: int,
        size: int,
        colour: tuple[int, int, int],
        bold: bool = False,
    ) -> int:
        """Draw ``text`` word-wrapped to ``width``; return the y below it."""
        font = self.app.assets.font(self.px(size), bold=bold)
        x, y = pos
        line = ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                self.draw_text(surface, line, (x, y), size, colour, bold=bold)
                y += font.get_linesize()
                line = word
            else:
                line = trial
        if line:
            self.draw_text(surface, line, (x, y), size, colour, bold=bold)
            y += font.get_linesize()
        return y

    def badge(self, surface: pygame.Surface, centre: tuple[int, int], text: str, r: int = 11) -> None:
        """A small red count disc (cards in a pile, copies of a card)."""
        pygame.draw.circle(surface, ALERT, centre, self.px(r))
        pygame.draw.circle(surface, PARCHMENT, centre, self.px(r), 2)
        self.draw_text(surface, text, centre, 12, WHITE, bold=True, anchor="center")

    def tag(self, surface: pygame.Surface, text: str, centre: tuple[int, int]) -> None:
        """A small dark label on a card ("×2": doubled price)."""
        font = self.app.assets.font(self.px(11), bold=True)
        w, h = font.size(text)
        box = pygame.Rect(0, 0, w + self.px(8), h + self.px(2))
        box.center = centre
        pygame.draw.rect(surface, ALERT, box, border_radius=self.px(4))
        self.draw_text(surface, text, centre, 11, WHITE, bold=True, anchor="center")

    def draw_card(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        count: int,
        dim: bool = False,
        note: str | None = None,
    ) -> None:
        card = name.removeprefix("cards/")  # a resource or development card: named in the player's language
        plain = card == name or card.startswith("back")
        assets = self.app.assets
        img = assets.scaled(name, rect.size) if plain else card_image(assets, card, rect.size)
        if dim:
            key = ("dim", name, rect.size, i18n.language())
            faded = self._text_cache.get(key)
            if faded is None:
                faded = self._text_cache[key] = img.copy()
                faded.set_alpha(90)
            img = faded
        surface.blit(img, rect)
        if count:
            c = (rect.right - self.px(6), rect.y + self.px(6))
            pygame.draw.circle(surface, ALERT, c, self.px(13))
            pygame.draw.circle(surface, PARCHMENT, c, self.px(13), 2)
            self.draw_text(surface, str(count), c, 15, WHITE, bold=True, anchor="center")
        if note:  # on the card's top edge, clear of its name
            self.tag(surface, note, (rect.centerx - self.px(6), rect.y + self.px(2)))

    def _tip_at(self) -> str | None:
        pos = self._mouse[0]
        return next((tip for rect, tip in self.tips if rect.collidepoint(pos)), None)

    def _draw_tip(self, surface: pygame.Surface) -> None:
        """A tooltip for a drawn panel, in the look of the widgets' tooltips."""
        text = self._tip_at()
        if not text:
            return
        s = self.px
        width = s(300)
        scratch = pygame.Surface((width, s(400)), pygame.SRCALPHA)
        height = self.draw_wrapped(scratch, text, (0, 0), width - s(16), 13, INK) + s(12)
        x, y = self._mouse[0]
        box = pygame.Rect(x + s(14), y + s(18), width, height)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, SHADOW, box.move(0, s(2)), border_radius=s(6))
        pygame.draw.rect(surface, PARCHMENT, box, border_radius=s(6))
        pygame.draw.rect(surface, BORDER, box, 1, border_radius=s(6))
        surface.blit(scratch, (box.x + s(8), box.y + s(6)), pygame.Rect(0, 0, width - s(16), height))
