"""Imports the standard modules library tasks commonly use, so that building the Python sandbox image
analyses their stubs once into mypy's cache (/opt/prism-mypycache)."""

import collections
import dataclasses
import datetime
import decimal
import enum
import fractions
import functools
import itertools
import json
import math
import operator
import pathlib
import re
import string
import textwrap
import typing
import unicodedata

MODULES = [collections, dataclasses, datetime, decimal, enum, fractions, functools, itertools, json, math]
MODULES += [operator, pathlib, re, string, textwrap, typing, unicodedata]
