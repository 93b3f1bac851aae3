"""Errors the infobase raises while a module runs. Their text is the platform's wording (e.g. "Поле
объекта не обнаружено (Цвет)"); the BSL bridge turns them into catchable BSL runtime errors."""

from __future__ import annotations


class PlatformError(Exception):
    """A runtime error of the emulated 1C platform, with the message a BSL module would see."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def field_not_found(name: str) -> PlatformError:
    return PlatformError(f"Поле объекта не обнаружено ({name})")


def method_not_found(name: str) -> PlatformError:
    return PlatformError(f"Метод объекта не обнаружен ({name})")
