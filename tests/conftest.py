import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "long",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# tests/typing holds app files that mypy checks (tests/test_typing_edge.py runs
# them): not test modules, and one of them must fail when run
collect_ignore = ["typing"]
