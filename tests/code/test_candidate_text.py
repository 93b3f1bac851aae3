"""From an answer to the candidate's files: the first fenced block in the task's language (or untagged),
Go's package, answers cut off inside their block, and library answers as a diff or as headed files."""

from __future__ import annotations

import pytest

from prism_desktop.sandbox.code.candidate import extract_code
from prism_desktop.sandbox.code.library_candidate import PatchError, apply_unified_diff, library_files


def test_first_block_in_the_language_after_blocks_in_other_languages() -> None:
    answer = "Установи:\n```bash\npip install x\n```\nКод:\n```python\nx = 1\n```\n```python\nx = 2\n```"
    assert extract_code(answer, "python") == "x = 1\n"


def test_untagged_block_counts_and_aliases_are_known() -> None:
    assert extract_code("```\nlet a = 1;\n```", "typescript") == "let a = 1;\n"
    assert extract_code("```ts\nlet a = 1;\n```", "typescript") == "let a = 1;\n"
    assert extract_code("```golang\nfunc F() {}\n```", "go") == "package solution\n\nfunc F() {}\n"


def test_no_block_in_the_language_is_no_code() -> None:
    assert extract_code("```js\nconsole.log(1)\n```", "typescript") is None
    assert extract_code("   \n", "python") is None


def test_answer_without_fences_is_taken_whole() -> None:
    assert extract_code("def f():\n    return 1", "python") == "def f():\n    return 1\n"


def test_block_cut_off_before_its_closing_fence() -> None:
    assert extract_code("Вот:\n```python\ndef f():\n    return 1\n", "python") == "def f():\n    return 1\n"


def test_go_package_is_renamed_to_solution() -> None:
    code = extract_code("```go\npackage main\n\nfunc F() int { return 1 }\n```", "go")
    assert code is not None and code.startswith("package solution\n")


STUB = {
    "pkg/__init__.py": "",
    "pkg/core.py": "def f():\n    raise NotImplementedError\n\n\ndef g():\n    pass\n",
}


def test_unified_diff_applies_to_the_stub() -> None:
    patch = """--- a/pkg/core.py
+++ b/pkg/core.py
@@ -1,2 +1,2 @@
 def f():
-    raise NotImplementedError
+    return 42
"""
    files = apply_unified_diff(STUB, patch, "pkg")
    assert files["pkg/core.py"].startswith("def f():\n    return 42\n")
    assert "def g():" in files["pkg/core.py"] and STUB["pkg/core.py"].endswith("pass\n")


def test_diff_creating_a_file_and_moved_hunk() -> None:
    patch = """--- /dev/null
+++ b/pkg/extra.py
@@ -0,0 +1 @@
+X = 1
--- a/pkg/core.py
+++ b/pkg/core.py
@@ -9,2 +9,2 @@
 def g():
-    pass
+    return 2
"""
    files = apply_unified_diff(STUB, patch, "pkg")
    assert files["pkg/extra.py"] == "X = 1\n" and files["pkg/core.py"].endswith("    return 2\n")


def test_diff_that_does_not_match_says_where() -> None:
    patch = "--- a/pkg/core.py\n+++ b/pkg/core.py\n@@ -1,1 +1,1 @@\n-def h():\n+def k():\n"
    with pytest.raises(PatchError, match=r"hunk 1 of pkg/core\.py"):
        library_files(f"```diff\n{patch}```", STUB, "pkg")


def test_diff_outside_the_package_is_refused() -> None:
    patch = "--- a/setup.py\n+++ b/setup.py\n@@ -0,0 +1 @@\n+import os\n"
    with pytest.raises(PatchError, match="not a file of the package"):
        apply_unified_diff(STUB, patch, "pkg")


def test_headed_files_replace_stub_files() -> None:
    answer = (
        "Файл `pkg/core.py`:\n```python\ndef f():\n    return 1\n```\n```python pkg/extra.py\nY = 2\n```\n"
    )
    files = library_files(answer, STUB, "pkg")
    assert files["pkg/core.py"] == "def f():\n    return 1\n"
    assert files["pkg/extra.py"] == "Y = 2\n" and files["pkg/__init__.py"] == ""


def test_answer_with_neither_is_a_patch_error() -> None:
    with pytest.raises(PatchError, match="no ```diff block"):
        library_files("```python\nprint(1)\n```", STUB, "pkg")
