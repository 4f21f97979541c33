"""The evaluation's charts as SVG: labels are text (Chinese stays Chinese), and each chart's data
is kept beside it for the workbench to draw."""
from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET

from linghun.core.evaluation.charts import write_chart
from linghun.core.evaluation.svg import bar_chart_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_the_svg_is_well_formed_with_chinese_labels_as_text():
    text = bar_chart_svg("按类别的召回率 R@10", ["单跳", "多跳", "时间 & <推理>"], {"linghun": [80.0, math.nan, 55.5],
                                                                           "rank-bm25": [60.0, 40.0, 30.0]},
                         y_max=100, y_label="%")
    root = ET.fromstring(text)
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert "按类别的召回率 R@10" in labels and "单跳" in labels and "时间 & <推理>" in labels
    assert "linghun" in labels and "rank-bm25" in labels
    bars = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(bars) == 5  # the missing value leaves a gap
    tallest = max(bars, key=lambda r: float(r.get("height")))
    assert tallest.find(f"{SVG}title").text == "linghun 单跳: 80"


def test_a_chart_is_written_as_svg_and_data(tmp_path):
    files = write_chart(tmp_path, "recall", "召回", ["单跳"], {"linghun": [42.0]}, y_max=100, y_label="%")
    assert files.svg.read_text(encoding="utf-8").count("召回") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["recall.json", "recall.svg"]
    data = json.loads(files.data.read_text(encoding="utf-8"))
    assert data["categories"] == ["单跳"] and data["series"] == {"linghun": [42.0]} and data["y_max"] == 100
    assert files.markdown("召回") == "![召回](plots/recall.svg)"
