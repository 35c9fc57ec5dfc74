"""A topic the speaker owns ("my knee injury") keeps what a memory says of another person that holds
the topic's words ("Dad is having a knee replacement"): ``memlane.forgetting.parties``."""

from __future__ import annotations

from memlane import Memlane
from memlane.forgetting.parties import another_partys, speaker_owned


def _forget(mem: Memlane, texts: dict[str, str], query: str) -> set[str]:
    keys = {mem.store(text).id: key for key, text in texts.items()}
    return {keys[i] for i in mem.forget(query=query, dry_run=True).deleted}


def test_a_topic_the_speaker_owns() -> None:
    owned = ["my cholesterol", "my trip to Lisbon", "our old job at Pennant Insurance", "My knee injury"]
    # a person, an animal, another's thing, or no owner: other rules
    others = ["my brother", "my cat Miso", "my dentist", "my sister's divorce", "my mother-in-law", "Lisbon"]
    assert [t for t in owned if speaker_owned(t)] == owned
    assert [t for t in others if speaker_owned(t)] == []


def test_another_partys_memory_is_said_of_a_relation_or_a_known_person() -> None:
    topic = "my knee injury"
    assert another_partys("Dad is having a knee replacement in May", topic)
    assert another_partys("My brother had knee surgery in 2019", topic)  # "my" only as his possessor
    assert another_partys("Ana from work is having knee surgery in June", topic, people=["Ana"])
    # the speaker's: a subject of the speaker's, the speaker elsewhere, someone acting for the speaker,
    # a name the graph does not know as a person, the topic's own word as subject, no clause
    assert not another_partys("I tore my knee ligament playing football", topic)
    assert not another_partys("My wife drove me to the knee clinic", topic)
    assert not another_partys("GP wants to recheck the knee in three months", topic)
    assert not another_partys("Ana from work is having knee surgery in June", topic)
    assert not another_partys("My knee physio is Aisha", topic, people=["Aisha"])
    assert not another_partys("Knee surgery consultation on 2 April", topic)
    assert not another_partys("Custody of the kids is shared", "my divorce")


def test_a_speaker_owned_topic_keeps_another_partys_memories(mem: Memlane) -> None:
    texts = {
        "mine": "My cholesterol was 6.8 at the last check",
        "statin": "Started atorvastatin for my cholesterol",
        "dad": "Dad has high cholesterol too",
        "brother": "My brother is worried about his cholesterol",
        "bp": "Blood pressure is normal",
    }
    assert _forget(mem, texts, "forget everything about my cholesterol") == {"mine", "statin"}


def test_a_topic_that_is_no_ones_keeps_a_relatives_mention(mem: Memlane) -> None:
    # "everything about Lisbon": a relative's life in Lisbon is still about Lisbon
    texts = {
        "trip": "Lisbon trip is 3-7 May",
        "sister": "My sister lives in Lisbon",
        "porto": "Porto is rainy",
    }
    assert _forget(mem, texts, "forget everything about Lisbon") == {"trip", "sister"}


def test_a_named_thing_keeps_another_thing_or_person_bearing_its_name(mem: Memlane) -> None:
    texts = {
        "hearing": "The Mendes lawsuit hearing is on 12 March",
        "lawyer": "Our lawyer for the Mendes lawsuit is Clara Neves",
        "joana": "Joana Mendes is our best customer in Porto",
        "rent": "Harbour Lane allotment rent is 42 pounds a year",
        "trough": "Water trough at Harbour Lane is by the gate",
        "surgery": "Harbour Lane surgery is where I get my flu jab",
    }
    # a surname another person bears, a noun the name qualifies that is not the topic's
    assert _forget(mem, texts, "forget everything about the Mendes lawsuit") == {"hearing", "lawyer"}
    # the name said as a place of the topic's thing stays ("at Harbour Lane")
    assert _forget(mem, texts, "forget everything about Harbour Lane allotment") == {"rent", "trough"}
