<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>GapsModel</name>
    <message>
        <location filename="../../workbench/models/gaps.py" line="180" />
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="180" />
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="181" />
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="181" />
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="182" />
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="183" />
        <source>open</source>
        <translation>未解决</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="183" />
        <source>closed</source>
        <translation>已解决</translation>
    </message>
    <message>
        <location filename="../../workbench/models/gaps.py" line="184" />
        <source>still open</source>
        <translation>仍未解决</translation>
    </message>
</context>
<context>
    <name>GapsPane</name>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="144" />
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="145" />
        <source>Fill…</source>
        <translation>补全…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="146" />
        <source>Write the missing memory: opens the entry editor pre-filled from the question</source>
        <translation>写下缺失的记忆：打开按问题预填的条目编辑器</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="147" />
        <source>Re-run</source>
        <translation>重跑</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="148" />
        <source>Run the round again on this question (a dry run) to see whether it hits now</source>
        <translation>对这个问题再跑一轮（演练），看现在是否命中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="149" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="150" />
        <source>Stop the round being re-run</source>
        <translation>停止正在重跑的轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="151" />
        <source>Dismiss</source>
        <translation>忽略</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="152" />
        <source>Remove the gap from gaps.md and cycle.json</source>
        <translation>从 gaps.md 和 cycle.json 中移除此缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="153" />
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="154" />
        <source>Why the memory had no answer, what was done about it</source>
        <translation>为什么记忆里没有答案，做了什么处理</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="155" />
        <source>Save note</source>
        <translation>保存备注</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="169" />
        <source>Could not read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="210" />
        <source>%1 gaps. A gap is a round whose retrieval found nothing although the memory had candidates: fill it, then re-run the round.</source>
        <translation>%1 个缺口。缺口是指记忆中有候选、检索却一无所获的轮次：补全它，再重跑该轮。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="220" />
        <source>Asked in %1 round(s): %2</source>
        <translation>在 %1 轮中问过：%2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="245" />
        <source>The entries pane is not open: open it to fill the gap.</source>
        <translation>条目面板没有打开：请打开它来补全缺口。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="251" />
        <source>Write the missing memory and save it, then re-run the round here.</source>
        <translation>写下缺失的记忆并保存，然后在这里重跑该轮。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="261" />
        <source>Running the round…</source>
        <translation>正在运行该轮…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="262" />
        <source>Re-running a round</source>
        <translation>重跑一轮</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="279" />
        <source>Closed: retrieval hits now.</source>
        <translation>已解决：现在检索能命中。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="279" />
        <source>Still a gap: retrieval found nothing.</source>
        <translation>仍是缺口：检索一无所获。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="286" />
        <source>The round failed: %1</source>
        <translation>该轮失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="295" />
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="326" />
        <source>Note on a gap</source>
        <translation>缺口备注</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="346" />
        <source>Dismiss a gap</source>
        <translation>忽略缺口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="350" />
        <source>Nothing was written: the team files changed meanwhile. Reload and retry.</source>
        <translation>未写入任何内容：团队文件在此期间已变化。请重新载入再试。</translation>
    </message>
</context>
<context>
    <name>JournalPane</name>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="33" />
        <source>Journal turns</source>
        <translation>流水记录</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="34" />
        <source>Warm entries</source>
        <translation>温区条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="35" />
        <source>Consolidations</source>
        <translation>沉淀</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="36" />
        <source>Goal changes</source>
        <translation>目标变化</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="37" />
        <source>Assembler rounds</source>
        <translation>组装轮次</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="146" />
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="147" />
        <source>Show all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="150" />
        <source>Show or hide this track</source>
        <translation>显示或隐藏这条轨道</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="159" />
        <source>Drag the shaded window to read the journal of that time.</source>
        <translation>拖动阴影窗口来阅读那段时间的流水。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="174" />
        <source>Some files could not be read: %1</source>
        <translation>部分文件无法读取：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="230" />
        <source>%1 – %2: %3 journal turns, %4 warm entries, %5 consolidations, %6 goal changes, %7 rounds</source>
        <translation>%1 – %2：%3 条流水，%4 条温区条目，%5 次沉淀，%6 次目标变化，%7 轮</translation>
    </message>
</context>
<context>
    <name>Links</name>
    <message>
        <location filename="../../workbench/panes/ontology/links.py" line="26" />
        <source>There is no warm entry %1 any more.</source>
        <translation>温区已没有条目 %1。</translation>
    </message>
</context>
<context>
    <name>OntologyModel</name>
    <message>
        <location filename="../../workbench/models/ontology.py" line="31" />
        <source>Event timeline</source>
        <extracomment>the files shown, in order: (group id, file attribute of MemoryHome, English label)</extracomment>
        <translation>事件时间线</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="32" />
        <source>Knowledge</source>
        <translation>知识</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="33" />
        <source>Knowledge (older knowledge.md)</source>
        <translation>知识（旧的 knowledge.md）</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="34" />
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="35" />
        <source>Topics (projection)</source>
        <translation>主题（投影）</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="36" />
        <source>Cold archive</source>
        <translation>冷储档案</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="122" />
        <source>(untitled)</source>
        <extracomment>groups whose nodes can be edited here (cold.md is an archive: append-only, read-only here)</extracomment>
        <translation>（无标题）</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="160" />
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="215" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="215" />
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../workbench/models/ontology.py" line="216" />
        <source>Info</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>OntologyPane</name>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="177" />
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="178" />
        <source>Consolidate…</source>
        <translation>沉淀…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="179" />
        <source>Preview what consolidation would archive, then apply it</source>
        <translation>预览沉淀将归档的内容，然后应用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="180" />
        <source>Project topics…</source>
        <translation>投影主题…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="181" />
        <source>Preview the topic projection of warm (ontology.md), then apply it</source>
        <translation>预览温区的主题投影（ontology.md），然后应用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="182" />
        <location filename="../../workbench/panes/ontology/pane.py" line="508" />
        <source>with the LLM</source>
        <translation>使用 LLM</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="183" />
        <source>Project with the LLM of the settings (offline when none is set up)</source>
        <translation>用设置中的 LLM 投影（未设置时离线）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="184" />
        <location filename="../../workbench/panes/ontology/pane.py" line="421" />
        <source>New node</source>
        <translation>新节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="185" />
        <source>Filter nodes</source>
        <translation>筛选节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="186" />
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="187" />
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="188" />
        <source>Revert</source>
        <translation>撤销修改</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="189" />
        <source>Delete node</source>
        <translation>删除节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="190" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="191" />
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="192" />
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="193" />
        <source>The file changed on disk while you were editing. Your edit is kept; Save will refuse to overwrite the new text. Revert loads it.</source>
        <translation>你编辑时磁盘上的文件变了。你的编辑已保留；保存不会覆盖新文本。撤销修改会载入它。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="195" />
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="196" />
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="198" />
        <source>Consolidate or project topics to see the changes here first.</source>
        <translation>沉淀或投影主题时，先在这里查看变化。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="264" />
        <source>Save or revert the node being edited first.</source>
        <translation>请先保存或撤销正在编辑的节点。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="287" />
        <source>Select a node to read or edit it.</source>
        <translation>选择一个节点来阅读或编辑。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="295" />
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="312" />
        <source>From warm entries: %1</source>
        <translation>来自温区条目：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="320" />
        <source>Consolidated from the warm entry %1 (archived in %2)</source>
        <translation>沉淀自温区条目 %1（归档于 %2）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="356" />
        <source>Nothing was written: the file changed on disk. Revert to load it.</source>
        <translation>未写入任何内容：磁盘上的文件已变化。撤销修改以载入它。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="374" />
        <source>Edit node %1</source>
        <translation>编辑节点 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="406" />
        <source>Delete node %1</source>
        <translation>删除节点 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="424" />
        <source>(write the node here)</source>
        <translation>（在这里写节点）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="429" />
        <source>Add node %1</source>
        <translation>添加节点 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="466" />
        <source>Computing the consolidation…</source>
        <translation>正在计算沉淀…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="478" />
        <source>No LLM is set up: projecting offline.</source>
        <translation>未设置 LLM：离线投影。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="479" />
        <source>Computing the topic projection…</source>
        <translation>正在计算主题投影…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="495" />
        <source>Nothing would change.</source>
        <translation>不会有任何变化。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="498" />
        <source>Would write %1 file(s): %2</source>
        <translation>将写入 %1 个文件：%2</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="505" />
        <source>Warm is empty: nothing to project.</source>
        <translation>温区为空：没有可投影的内容。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="507" />
        <source>%1 topics, projected %2</source>
        <translation>%1 个主题，%2投影</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="509" />
        <source>offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="510" />
        <source>%1 events to the timeline, %2 facts to knowledge, %3 rules, %4 cold lines, %5 flipped entries dropped, %6 bytes archived</source>
        <translation>%1 条事件进入时间线，%2 条事实进入知识本体，%3 条规则，%4 行冷储摘要，丢弃 %5 条已翻转条目，归档 %6 字节</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="518" />
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="522" />
        <source>Cancelled; nothing was written.</source>
        <translation>已取消；未写入任何内容。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="535" />
        <source>Consolidate</source>
        <translation>沉淀</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="535" />
        <source>Project topics</source>
        <translation>投影主题</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="539" />
        <source>Applied: %1</source>
        <translation>已应用：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="549" />
        <source>Discarded; nothing was written.</source>
        <translation>已放弃；未写入任何内容。</translation>
    </message>
</context>
<context>
    <name>Pane</name>
    <message>
        <location filename="../../workbench/panes/ontology/pane.py" line="42" />
        <source>Ontology</source>
        <translation>本体</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/journal/pane.py" line="63" />
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/gaps/pane.py" line="67" />
        <source>Gaps</source>
        <translation>缺口</translation>
    </message>
</context>
</TS>