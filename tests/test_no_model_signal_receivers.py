"""No app of ours reacts to a model being saved or deleted: a lower app's services announce what
changed with domain events (tournaments.domain_events), which the apps above listen to. A model
signal receiver fires behind every plain save (a test factory, a data migration, a bulk script)
and hides who changed what; third-party receivers (simple_history's) are not ours to judge."""
import weakref

from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete, pre_save

from scoring import selectors

MODEL_SIGNALS = {"pre_save": pre_save, "post_save": post_save, "pre_delete": pre_delete, "post_delete": post_delete,
                 "m2m_changed": m2m_changed}
OUR_PACKAGES = {"engines", "config", "tournaments", "protocols", "scoring", "seating", "console", "ratings", "public", "demo",
                "desk", "operations", "exports", "api"}


def model_signal_receivers() -> list[tuple[str, str, str]]:
    """(signal, module, function) for each live receiver of a model signal."""
    found = []
    for name, signal in MODEL_SIGNALS.items():
        for _key, receiver, *_rest in signal.receivers:
            if isinstance(receiver, weakref.ReferenceType):
                receiver = receiver()
            if receiver is not None:
                module = getattr(receiver, "__module__", None) or type(receiver).__module__
                found.append((name, module, getattr(receiver, "__qualname__", repr(receiver))))
    return found


def our_model_signal_receivers() -> list[str]:
    """'signal: module.function' for each receiver of a model signal whose code is one of our apps'."""
    return [f"{name}: {module}.{function}" for name, module, function in model_signal_receivers()
            if module.split(".")[0] in OUR_PACKAGES]


def test_no_app_of_ours_connects_a_model_signal_receiver():
    assert our_model_signal_receivers() == []


def test_the_check_reports_a_receiver_of_ours():
    """The check can fail: a function of ours connected as a receiver (what scoring's old post_save
    on Tournament did with this very function) is reported, a third party's is not."""
    def receiver(**kwargs):
        selectors.forget()

    receiver.__module__ = selectors.__name__  # as if it were written in scoring/selectors.py
    for name, signal in MODEL_SIGNALS.items():
        signal.connect(receiver, weak=False, dispatch_uid="test-our-receiver")
        try:
            assert our_model_signal_receivers() == [f"{name}: scoring.selectors.{receiver.__qualname__}"]
        finally:
            signal.disconnect(dispatch_uid="test-our-receiver")
    assert our_model_signal_receivers() == []
    # the check sees receivers at all: simple_history's are connected, and are not ours
    assert any(module.startswith("simple_history") for _name, module, _function in model_signal_receivers())
