<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ActivationDemo</name>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="115"/>
        <source>Situation</source>
        <translation>情境</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="116"/>
        <source>Type a situation, e.g. “planning a family trip this summer”</source>
        <translation>输入一个情境，例如“今年夏天计划一次家庭旅行”</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="117"/>
        <source>Show goals that cannot activate</source>
        <translation>显示无法激活的目标</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="118"/>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="118"/>
        <source>domain hit</source>
        <translation>领域命中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="119"/>
        <source>bridge hit</source>
        <translation>桥接命中</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/activation.py" line="119"/>
        <source>state base</source>
        <translation>状态基础分</translation>
    </message>
</context>
<context>
    <name>GoalDialog</name>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="33"/>
        <source>Edit goal %1</source>
        <translation>编辑目标 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="33"/>
        <source>New goal</source>
        <translation>新目标</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="39"/>
        <source>(from the lexicon)</source>
        <translation>（按领域词典判断）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="43"/>
        <source>(default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="48"/>
        <source>a situation that should bring this goal to mind</source>
        <translation>应当唤起这个目标的情境</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="50"/>
        <source>Statement</source>
        <translation>陈述</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="51"/>
        <source>Speaker</source>
        <translation>说话人</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="52"/>
        <source>Domain</source>
        <translation>领域</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="53"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="55"/>
        <source>Bridge trigger %1</source>
        <translation>桥接触发词 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/dialog.py" line="56"/>
        <source>High and medium goals get suggested triggers when none are given.</source>
        <translation>高、中优先级的目标未给触发词时会自动建议。</translation>
    </message>
</context>
<context>
    <name>GoalsModel</name>
    <message>
        <location filename="../../workbench/models/goals.py" line="26"/>
        <source>active</source>
        <extracomment>colours of the states (diagram, table) and of the score parts (bars, legend)</extracomment>
        <translation>进行中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="27"/>
        <source>paused</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="28"/>
        <source>achieved</source>
        <translation>已达成</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="29"/>
        <source>abandoned</source>
        <translation>已放弃</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="31"/>
        <source>similarity %1 + domain %2 + bridge %3 + base %4 = %5</source>
        <translation>相似度 %1 + 领域命中 %2 + 桥接命中 %3 + 基础 %4 = %5</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="33"/>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="34"/>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="35"/>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="59"/>
        <source>Id</source>
        <translation>编号</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="59"/>
        <source>Statement</source>
        <translation>陈述</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="60"/>
        <source>Domain</source>
        <translation>领域</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="60"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="61"/>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="61"/>
        <source>Triggers</source>
        <translation>触发词</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="62"/>
        <source>Speaker</source>
        <translation>说话人</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="62"/>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="185"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="185"/>
        <source>By similarity</source>
        <translation>按相似度</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="186"/>
        <source>Goal</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="186"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="187"/>
        <source>Parts</source>
        <translation>分项</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="187"/>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="188"/>
        <source>Domain hit</source>
        <translation>领域命中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="188"/>
        <source>Bridge hit</source>
        <translation>桥接命中</translation>
    </message>
    <message>
        <location filename="../../workbench/models/goals.py" line="189"/>
        <source>State weight</source>
        <translation>状态权重</translation>
    </message>
</context>
<context>
    <name>GoalsPane</name>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="37"/>
        <source>Activate</source>
        <extracomment>the verb of the button that moves a goal into each state</extracomment>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="38"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="39"/>
        <source>Mark achieved</source>
        <translation>标记达成</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="40"/>
        <source>Abandon</source>
        <translation>放弃</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="177"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="178"/>
        <source>New goal…</source>
        <translation>新目标…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="179"/>
        <source>Add a goal (a “new” signal: merged into the speaker&apos;s goal on the same topic)</source>
        <translation>添加目标（“new”信号：同一说话人同一话题会合并到已有目标）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="180"/>
        <location filename="../../workbench/panes/goals/pane.py" line="382"/>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="181"/>
        <source>Change the statement, domain, priority or triggers (a “change” signal)</source>
        <translation>修改陈述、领域、优先级或触发词（“change”信号）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="182"/>
        <source>Filter goals</source>
        <translation>筛选目标</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="183"/>
        <source>Move to:</source>
        <translation>转到：</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="186"/>
        <source>Change the state to “%1” (undoable)</source>
        <translation>把状态改为“%1”（可撤销）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="187"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="187"/>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="187"/>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="187"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="204"/>
        <source>goals.json cannot be read: %1</source>
        <translation>无法读取 goals.json：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="272"/>
        <source>Select a goal to see its state machine and history.</source>
        <translation>选择一个目标，查看它的状态机和历史。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="276"/>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 · %4&lt;br&gt;%5&lt;br&gt;&lt;i&gt;Triggers:&lt;/i&gt; %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 · %4&lt;br&gt;%5&lt;br&gt;&lt;i&gt;触发词：&lt;/i&gt;%6</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="299"/>
        <source>created → %1</source>
        <translation>创建 → %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="301"/>
        <source>by the user</source>
        <translation>由用户</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="304"/>
        <source>signal: %1</source>
        <translation>信号：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="312"/>
        <source>The goals were not changed.</source>
        <translation>目标没有改动。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="321"/>
        <source>Goal %1: %2 → %3</source>
        <translation>目标 %1：%2 → %3</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="329"/>
        <source>New goal</source>
        <translation>新目标</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="343"/>
        <source>Edit goal %1</source>
        <translation>编辑目标 %1</translation>
    </message>
</context>
<context>
    <name>MapModel</name>
    <message>
        <location filename="../../workbench/models/map.py" line="23"/>
        <source>Situations</source>
        <translation>情境轴</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="24"/>
        <source>Goals</source>
        <translation>目标轴</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="25"/>
        <source>Archive</source>
        <translation>档案轴</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="26"/>
        <source>Evidence</source>
        <translation>证据层</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="184"/>
        <source>Item</source>
        <extracomment>at most this many items per column of the graph (the tree lists them all)</extracomment>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../../workbench/models/map.py" line="184"/>
        <source>Pointer</source>
        <translation>指针</translation>
    </message>
</context>
<context>
    <name>MapPane</name>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="188"/>
        <source>Rebuild</source>
        <translation>重建</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="189"/>
        <source>Fit graph</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="190"/>
        <source>Filter the axes</source>
        <translation>筛选各轴</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="191"/>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="192"/>
        <source>Injected text</source>
        <translation>注入文本</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="193"/>
        <source>Budget (characters, 0 = no limit)</source>
        <translation>预算（字符，0 = 不限）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="194"/>
        <source>Save as the home&apos;s budget</source>
        <translation>保存为本记忆库的预算</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="195"/>
        <source>Write map.budget into workbench.json (undoable)</source>
        <translation>把 map.budget 写入 workbench.json（可撤销）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="196"/>
        <source>entries on a journal day</source>
        <translation>条目所在的流水日</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="196"/>
        <source>projection node cites entries</source>
        <translation>主题投影节点引用条目</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="197"/>
        <source>cold section archived in</source>
        <translation>冷储段归档于</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="197"/>
        <source>conflicting facts</source>
        <translation>相互冲突的事实</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="200"/>
        <source>Select an item, or click a pointer of the map text, to see its evidence.</source>
        <translation>选择一个条目，或点击地图文本中的指针，查看它的证据。</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="220"/>
        <source>Building the memory map</source>
        <translation>正在构建记忆地图</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="243"/>
        <source>The map could not be built: %1</source>
        <translation>无法构建地图：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="254"/>
        <source>building…</source>
        <translation>构建中…</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="261"/>
        <source>%1 situations · %2 goals · %3 archive items · %4 evidence days</source>
        <translation>%1 个情境 · %2 个目标 · %3 项档案 · %4 天证据</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="265"/>
        <source>problems: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="302"/>
        <source>%1 / %2 characters (the full map: %3)</source>
        <translation>%1 / %2 字符（完整地图：%3）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="305"/>
        <source>%1 characters (no limit)</source>
        <translation>%1 字符（不限）</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="308"/>
        <source>map.enabled is false: nothing is injected</source>
        <translation>map.enabled 为 false：不注入</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="310"/>
        <source>the home injects %1</source>
        <translation>本记忆库注入 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="322"/>
        <source>Map budget %1</source>
        <translation>地图预算 %1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="407"/>
        <source>Show in the entries pane</source>
        <translation>在条目面板中显示</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="408"/>
        <source>Journal of that day</source>
        <translation>当天的流水</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="409"/>
        <source>Episodic archive</source>
        <translation>情景归档</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="419"/>
        <source>Entries: %1</source>
        <translation>条目：%1</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="420"/>
        <source>Evidence of %1 (%2)</source>
        <translation>%1 的证据（%2）</translation>
    </message>
</context>
<context>
    <name>Pane</name>
    <message>
        <location filename="../../workbench/panes/goals/pane.py" line="59"/>
        <source>Goals</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../../workbench/panes/map/pane.py" line="61"/>
        <source>Map</source>
        <translation>地图</translation>
    </message>
</context>
</TS>
