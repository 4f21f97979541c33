"""Benchmark: BM25 build time and query latency at 1k / 10k / 100k synthetic bilingual documents.

Run: ``.venv/bin/python -m tests.perf.bench_retrieval [--sizes 1000,10000,100000] [--queries 200]``
Targets (2 cores): query p95 < 20 ms at 10k and < 200 ms at 100k.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

os.environ.setdefault("LINGHUN_CACHE_DIR", tempfile.mkdtemp(prefix="linghun-bench-"))

from linghun.core.bm25_index import BM25Index  # noqa: E402
from linghun.core.search import Searcher, Unit  # noqa: E402
from linghun.core.text import tokenize  # noqa: E402

ZH = ("北京 旅游 预算 项目 截止 日期 部署 服务 客户 合同 会议 计划 孩子 学费 基金 健康 医院 跑步 音乐 绘画 "
      "朋友 家人 搬家 工作 面试 公司 老板 同事 报告 数据 模型 训练 上线 回滚 数据库 缓存 接口 测试 版本 发布").split()
EN = ("sprint deadline payment service deploy cluster staging invoice refund customer contract meeting "
      "college fund kids health running guitar painting friend family move career interview company "
      "report dataset model training release rollback database cache endpoint version support group "
      "adoption camping beach pottery marathon").split()


# A Zipf-distributed vocabulary of made-up words on top of the real ones, so postings lists have
# realistic lengths (a few very common terms, a long tail of rare ones).
_CHARS = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龙飞"
_LATIN = "abcdefghijklmnopqrstuvwxyz"


def make_vocabulary(rng: random.Random, size: int = 30000) -> list[str]:
    words = list(ZH) + list(EN)
    while len(words) < size:
        if rng.random() < 0.5:
            words.append("".join(rng.choice(_CHARS) for _ in range(rng.choice((2, 2, 3, 4)))))
        else:
            words.append("".join(rng.choice(_LATIN) for _ in range(rng.randint(3, 10))))
    return words


def synthetic_doc(rng: random.Random, vocab: list[str], weights: list[float]) -> str:
    words = rng.choices(vocab, weights, k=rng.randint(5, 40))
    # Chinese words run together (as Chinese is written), Latin words are spaced.
    out = []
    for w in words:
        if out and "a" <= w[0] <= "z":
            out.append(" ")
        out.append(w)
        if "a" <= w[0] <= "z":
            out.append(" ")
        elif rng.random() < 0.2:
            out.append(rng.choice("，。的了"))
    return "".join(out)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def run(size: int, n_queries: int, rng: random.Random) -> None:
    vocab = make_vocabulary(rng)
    weights = [1.0 / (rank + 10) for rank in range(len(vocab))]
    rng.shuffle(vocab)
    docs = [synthetic_doc(rng, vocab, weights) for _ in range(size)]
    t0 = time.perf_counter()
    tokens = [tokenize(d) for d in docs]
    t1 = time.perf_counter()
    index = BM25Index(docs, tokens=tokens)
    t2 = time.perf_counter()
    queries = [synthetic_doc(rng, vocab, weights)[: rng.randint(4, 40)] for _ in range(n_queries)]
    lat = []
    for q in queries:
        s = time.perf_counter()
        index.search(q, 12)
        lat.append((time.perf_counter() - s) * 1000)
    ref = []
    for q in queries[:20]:
        toks = tokenize(q)
        s = time.perf_counter()
        index.model.get_scores(toks)  # rank-bm25's own scoring loop, for comparison
        ref.append((time.perf_counter() - s) * 1000)
    # The searcher with every default channel: sessions of 20 turns between two speakers.
    t3 = time.perf_counter()
    searcher = Searcher([Unit(i, d, {"session": i // 20, "speaker": ("Anna", "user")[i % 2],
                                     "time": f"2023-{1 + (i // 20) % 12:02d}-01 10:00"})
                         for i, d in enumerate(docs)])
    t4 = time.perf_counter()
    slat = []
    for q in queries[: max(20, n_queries // 4)]:
        s = time.perf_counter()
        searcher.search(q, 12)
        slat.append((time.perf_counter() - s) * 1000)
    print(
        f"{size:>7} docs | tokenize {t1 - t0:6.2f} s | index build {t2 - t1:6.2f} s | "
        f"BM25 query p50 {statistics.median(lat):7.2f} ms p95 {percentile(lat, 95):7.2f} ms | "
        f"Searcher build {t4 - t3:6.2f} s p50 {statistics.median(slat):7.2f} ms p95 {percentile(slat, 95):7.2f} ms | "
        f"rank-bm25 get_scores p50 {statistics.median(ref):8.2f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--queries", type=int, default=200)
    args = ap.parse_args()
    rng = random.Random(42)
    tokenize("预热")  # load jieba once, outside the timings
    for size in (int(s) for s in args.sizes.split(",")):
        run(size, args.queries, rng)


if __name__ == "__main__":
    main()
