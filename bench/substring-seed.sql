-- Memories for bench/substring.sh, added to a bench/scale-seed.sql database (deterministic, no random()):
-- 1,000 Chinese, 500 Japanese and 500 Korean memories built from small vocabularies, and 400 memories named
-- after identifiers in four styles (getUserById, get_user_by_id, get-user-by-id, app.user.getById), all in
-- work/shop-api. Each is a sentence, so a word shares its run with other words, as real CJK text does.
PRAGMA foreign_keys = ON;

CREATE TEMP TABLE zh AS SELECT key AS i, value AS w FROM json_each('["数据库","连接池","缓存","超时","重试","支付",
"订单","用户","接口","日志","部署","配置","队列","索引","事务","内存","泄漏","测试","发布","回滚","网关","证书","时区",
"报表","邮件","通知","账单","优惠券","库存","权限"]');
CREATE TEMP TABLE ja AS SELECT key AS i, value AS w FROM json_each('["キャッシュ","データベース","接続","期限","再起動",
"認証","決済","注文","在庫","設定","ログ","通知","検索","権限","証明書","タイムアウト","バッチ","移行","索引","障害"]');
CREATE TEMP TABLE ko AS SELECT key AS i, value AS w FROM json_each('["서버","결제","주문","캐시","데이터베이스","타임아웃",
"로그","배포","설정","인증","재시도","알림","검색","권한","인증서","장애","지연","재고","쿠폰","큐"]');
CREATE TEMP TABLE idv AS SELECT key AS i, value AS w FROM json_each('["get","find","load","save","update","delete","list","sync"]');
CREATE TEMP TABLE idn AS SELECT key AS i, value AS w FROM json_each('["user","order","invoice","cart","payment","coupon",
"session","token","tenant","refund"]');
CREATE TEMP TABLE ids AS SELECT key AS i, value AS w FROM json_each('["id","email","tenant","batch","status"]');
CREATE TEMP TABLE n(i INTEGER PRIMARY KEY);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 1000) INSERT INTO n SELECT i FROM c;

INSERT INTO memories(project, kind, title, content, normalized_hash, source_agent, created_at, updated_at, last_seen_at)
SELECT 'work/shop-api', 'gotcha',
       (SELECT w FROM zh WHERE i = n.i % 30) || (SELECT w FROM zh WHERE i = n.i * 7 % 30) || '问题',
       '在高峰期' || (SELECT w FROM zh WHERE i = n.i * 3 % 30) || '会' || (SELECT w FROM zh WHERE i = n.i * 11 % 30)
           || '，需要检查' || (SELECT w FROM zh WHERE i = n.i * 13 % 30) || '和' || (SELECT w FROM zh WHERE i = n.i * 17 % 30)
           || '的设置。',
       'zh-' || i, 'codex', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z'
FROM n;

INSERT INTO memories(project, kind, title, content, normalized_hash, source_agent, created_at, updated_at, last_seen_at)
SELECT 'work/shop-api', 'discovery',
       (SELECT w FROM ja WHERE i = n.i % 20) || 'の' || (SELECT w FROM ja WHERE i = n.i * 7 % 20),
       (SELECT w FROM ja WHERE i = n.i * 3 % 20) || 'は' || (SELECT w FROM ja WHERE i = n.i * 11 % 20) || 'のあと'
           || (SELECT w FROM ja WHERE i = n.i * 13 % 20) || 'が失敗する。',
       'ja-' || i, 'codex', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z'
FROM n WHERE i <= 500;

INSERT INTO memories(project, kind, title, content, normalized_hash, source_agent, created_at, updated_at, last_seen_at)
SELECT 'work/shop-api', 'gotcha',
       (SELECT w FROM ko WHERE i = n.i % 20) || ' ' || (SELECT w FROM ko WHERE i = n.i * 7 % 20) || ' 문제',
       (SELECT w FROM ko WHERE i = n.i * 3 % 20) || '가 피크 시간에 ' || (SELECT w FROM ko WHERE i = n.i * 11 % 20)
           || '와 함께 느려진다.',
       'ko-' || i, 'codex', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z'
FROM n WHERE i <= 500;

-- verb × noun × suffix, in the style i % 4 picks
CREATE TEMP TABLE ident AS
SELECT n.i AS i, v.w AS v, o.w AS o, s.w AS s FROM n
JOIN idv v ON v.i = n.i % 8 JOIN idn o ON o.i = n.i / 8 % 10 JOIN ids s ON s.i = n.i / 80 % 5
WHERE n.i <= 400;
INSERT INTO memories(project, kind, title, content, normalized_hash, source_agent, created_at, updated_at, last_seen_at)
SELECT 'work/shop-api', 'pattern', name || ' needs a tenant check',
       'The method ' || name || ' returns null when the ' || o || ' was soft-deleted; callers must handle it.',
       'id-' || i, 'codex', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z'
FROM (SELECT i, o, CASE i % 4
        WHEN 0 THEN v || upper(substr(o, 1, 1)) || substr(o, 2) || 'By' || upper(substr(s, 1, 1)) || substr(s, 2)
        WHEN 1 THEN v || '_' || o || '_by_' || s
        WHEN 2 THEN v || '-' || o || '-by-' || s
        ELSE 'app.' || o || '.' || v || 'By' || upper(substr(s, 1, 1)) || substr(s, 2) END AS name
      FROM ident);
