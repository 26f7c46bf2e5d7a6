"""The output every Python check here prints: `PASS name` or `FAIL name: detail` per check, then
`N passed, N failed` as the last line (what scripts/test and editor_test_lib.sh read).

    from checks import check
    check("the page loads", ok, detail)
    return check.summary()   # prints the last line; 0 when nothing failed, else 1
"""


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def __call__(self, name, ok, detail=None):
        if ok:
            self.passed += 1
            print(f"PASS {name}")
        else:
            self.failed += 1
            text = "" if detail is None else f": {detail}"
            print(f"FAIL {name}{text[:2000]}")
        return bool(ok)

    def summary(self):
        print(f"{self.passed} passed, {self.failed} failed")
        return 0 if self.failed == 0 else 1


check = Checks()
