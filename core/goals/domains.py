"""The built-in bilingual domain lexicon (SPEC 8, DOMAIN_LEXICON).

Each domain has English words (matched on stems, so ``saving`` hits ``save``; a multi-word entry
hits when all its words occur), Chinese words (matched as substrings, which does not depend on how
jieba segments the sentence), and *situations*: short two-word phrases naming everyday situations
in which a goal of the domain matters. The offline writer uses a situation as a bridge trigger
when a goal is given none (see ``core.goals.triggers``).

Words were chosen to be specific to one domain: a word that would fire for several domains
(``time``, ``plan``, ``good``) is left out, because a domain hit is meant to say "this situation
touches that part of life". Users extend the lexicon with ``memory/goals/lexicon.json`` (see
``core.goals.lexicon``).
"""
from __future__ import annotations

DOMAIN_LEXICON: dict[str, dict[str, list[str]]] = {
    "money": {
        "en": """money cash budget save saving savings fund funds invest investment stock stocks
            bond retirement pension salary income debt loan mortgage rent expense expenses cost
            costs expensive pricey afford affordable spend spending bill bills price bank tax
            taxes wealth financial finance finances payment pay purchase buy down-payment
            insurance inheritance paycheck credit""",
        "zh": """钱 存钱 攒钱 储蓄 存款 基金 理财 投资 股票 债券 退休金 养老金 工资 薪水 收入 债务 贷款 房贷
            房租 开销 开支 花销 花费 花钱 费用 昂贵 太贵 买得起 预算 账单 价格 银行 税 财务 财富 首付 保险
            还款 信用卡 省钱""",
        "situations": "big expense | spend money | expensive purchase | 大额开销 | 花钱 消费",
    },
    "family": {
        "en": """family kid kids child children son daughter baby parent parents mom mother dad
            father grandma grandmother grandpa grandfather grandchild grandchildren sibling
            siblings brother sister husband wife spouse household relatives cousin aunt uncle
            nephew niece adopt adoption parenting home""",
        "zh": """家庭 家人 家里 孩子 儿子 女儿 宝宝 父母 爸爸 妈妈 母亲 父亲 奶奶 爷爷 外婆 外公 姥姥 姥爷 孙子
            孙女 兄弟 姐妹 哥哥 姐姐 弟弟 妹妹 丈夫 妻子 老公 老婆 亲戚 表哥 表姐 叔叔 阿姨 侄子 领养 收养 育儿""",
        "situations": "family trip | kids future | 家庭 旅行 | 孩子 未来",
    },
    "career": {
        "en": """job career work promotion promoted boss manager colleague coworker coworkers
            office company startup business employer employee hire hired hiring interview
            resume salary raise project deadline client clients profession professional
            entrepreneur freelance layoff fired quit internship""",
        "zh": """工作 职业 事业 升职 晋升 老板 上司 经理 同事 办公室 公司 创业 生意 雇主 员工 招聘 面试 简历 加薪
            项目 截止 客户 专业 自由职业 裁员 辞职 跳槽 实习 岗位""",
        "situations": "job offer | work deadline | 工作 机会 | 职业 选择",
    },
    "health": {
        "en": """health healthy fitness fit exercise workout gym run running marathon jog jogging
            diet weight lose sleep doctor hospital medicine medication therapy therapist
            illness sick injury surgery yoga meditation stress anxiety mental calories
            vegetarian vegan smoking alcohol quit-smoking checkup sugar diabetes""",
        "zh": """健康 健身 锻炼 运动 跑步 马拉松 慢跑 饮食 减肥 体重 睡眠 失眠 医生 医院 药 治疗 心理咨询 生病
            受伤 手术 瑜伽 冥想 压力 焦虑 抑郁 卡路里 素食 戒烟 戒酒 体检 控糖 糖尿病""",
        "situations": "feeling tired | junk food | 身体 不适 | 熬夜 加班",
    },
    "travel": {
        "en": """travel trip trips vacation holiday journey flight flights fly airport hotel
            abroad overseas tour tourist backpack backpacking cruise passport visa road-trip
            sightseeing destination itinerary beach camping hike hiking explore""",
        "zh": """旅行 旅游 出游 度假 假期 行程 航班 机场 酒店 出国 国外 境外 签证 护照 自驾 背包 游轮 景点
            目的地 海边 露营 徒步 探险""",
        "situations": "family trip | booking flights | 家庭 旅行 | 出国 度假",
    },
    "belief": {
        "en": """believe belief value values principle principles honest honesty integrity
            truth lie lying privacy respect fair fairness justice kindness moral morals ethics
            ethical faith religion god pray church gossip rumor rumour rumors rumours secret
            secrets trust loyalty dignity equality rights conscience refuse""",
        "zh": """相信 信念 信仰 价值观 原则 底线 诚实 诚信 真相 说谎 撒谎 隐私 尊重 公平 正义 善良 道德 伦理
            宗教 上帝 祈祷 八卦 谣言 传闲话 秘密 信任 忠诚 尊严 平等 权利 良心 拒绝""",
        "situations": "spreading rumours | someone's secret | 传播 谣言 | 别人 隐私",
    },
    "lifestyle": {
        "en": """lifestyle habit habits routine hobby hobbies cooking cook garden gardening pet
            pets dog cat minimalism declutter move moving apartment house wardrobe fashion
            coffee morning weekend relax leisure gaming reading""",
        "zh": """生活方式 习惯 作息 爱好 兴趣 做饭 烹饪 园艺 宠物 养狗 养猫 极简 断舍离 搬家 公寓 房子 衣柜 穿搭
            咖啡 早起 周末 放松 休闲 游戏 阅读""",
        "situations": "weekend plans | daily routine | 周末 安排 | 日常 作息",
    },
    "art": {
        "en": """art artist paint painting painter draw drawing sketch music musician song songs
            sing singing guitar piano violin band concert write writing novel poem poetry
            photography photo photos film movie dance dancing sculpture craft pottery museum
            gallery exhibition""",
        "zh": """艺术 画画 绘画 画家 素描 音乐 音乐家 唱歌 歌曲 吉他 钢琴 小提琴 乐队 演唱会 写作 小说 诗歌 写诗
            摄影 照片 电影 跳舞 舞蹈 雕塑 手工 陶艺 博物馆 画廊 展览""",
        "situations": "art class | creative project | 艺术 作品 | 创作 灵感",
    },
    "education": {
        "en": """school college university degree study studying student class classes course
            courses exam exams test learn learning teacher professor tuition scholarship
            graduate graduation master phd thesis homework lecture certificate certification
            language diploma law-school postgraduate""",
        "zh": """学校 大学 学位 学习 读书 学生 课程 上课 考试 学费 奖学金 毕业 硕士 博士 论文 作业 讲座 证书 考证
            留学 语言 文凭 考研 高考 培训 研究生 读研""",
        "situations": "school fees | exam season | 学费 开支 | 考试 复习",
    },
    "community": {
        "en": """community volunteer volunteering charity donate donation nonprofit
            neighborhood neighbour neighbor neighbors neighbours local activism activist
            support-group lgbtq mentor mentoring fundraiser church club society organize
            organizing campaign""",
        "zh": """社区 志愿者 志愿 公益 慈善 捐款 捐赠 非营利 邻居 街坊 本地 活动家 互助会 支持小组 导师 社团 组织
            募捐 义工""",
        "situations": "local event | helping others | 社区 活动 | 帮助 他人",
    },
    "relationship": {
        "en": """relationship friend friends friendship girlfriend boyfriend partner dating date
            love marriage married marry wedding engaged engagement divorce breakup romance
            romantic crush anniversary trust argue argument lonely""",
        "zh": """关系 朋友 友谊 女朋友 男朋友 伴侣 恋爱 约会 爱情 婚姻 结婚 婚礼 订婚 离婚 分手 浪漫 暗恋 纪念日
            吵架 孤独 闺蜜""",
        "situations": "meeting friends | date night | 朋友 聚会 | 约会 安排",
    },
}
