package dump

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestObjects: the views, routines, triggers and events a dump creates,
// with their definers, from the statements mydumper 0.10 and
// mariadb-dump 10.11.19 wrote for one schema (review r52).
func TestObjects(t *testing.T) {
	obj := func(kind, schema, name, definer string) profile.DumpObject {
		return profile.DumpObject{Kind: kind, Schema: schema, Name: name, Definer: definer}
	}
	cases := []struct {
		name  string
		text  string // a whole mydumper file
		lines []string
		want  []profile.DumpObject
	}{
		{"mydumper -schema-post.sql", "DROP FUNCTION IF EXISTS `f_app`;\nCREATE DEFINER=`app`@`%` FUNCTION `f_app`(x INT) RETURNS int(11)\n    DETERMINISTIC\nRETURN x+1;\n" +
			"CREATE DEFINER=`root`@`localhost` PROCEDURE `p_root`()\nBEGIN SELECT COUNT(*) FROM items; END;\n" +
			"CREATE DEFINER=`app`@`%` EVENT `e_app` ON SCHEDULE EVERY 1 DAY STARTS '2026-12-07 08:10:31' ON COMPLETION NOT PRESERVE DISABLE DO SELECT 1;\n", nil,
			[]profile.DumpObject{obj("function", "shop", "f_app", "app@%"), obj("procedure", "shop", "p_root", "root@localhost"), obj("event", "shop", "e_app", "app@%")}},
		{"mydumper triggers and view", "CREATE DEFINER=`root`@`localhost` TRIGGER t_root AFTER INSERT ON items FOR EACH ROW INSERT INTO audit(item_id, at) VALUES (NEW.id, NOW());\n" +
			"CREATE ALGORITHM=UNDEFINED DEFINER=`app`@`%` SQL SECURITY DEFINER VIEW `v_app` AS select `items`.`id` AS `id` from `items`;\n", nil,
			[]profile.DumpObject{obj("trigger", "shop", "t_root", "root@localhost"), obj("view", "shop", "v_app", "app@%")}},
		{"mysqldump trigger and event", "", []string{
			"/*!50003 CREATE*/ /*!50017 DEFINER=`app`@`%`*/ /*!50003 TRIGGER t_app BEFORE UPDATE ON items FOR EACH ROW SET NEW.price = NEW.price ",
			"/*!50106 CREATE*/ /*!50117 DEFINER=`root`@`localhost`*/ /*!50106 EVENT `e_root` ON SCHEDULE EVERY 1 DAY DISABLE DO DELETE FROM audit ",
		}, []profile.DumpObject{obj("trigger", "shop", "t_app", "app@%"), obj("event", "shop", "e_root", "root@localhost")}},
		{"mysqldump view over two lines", "", []string{
			"/*!50001 CREATE ALGORITHM=UNDEFINED */", "/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */",
			"/*!50001 VIEW `v_root` AS select `items`.`id` AS `id` from `items` */;", "/*!50001 SET character_set_client      = @saved_cs_client */;",
		}, []profile.DumpObject{obj("view", "shop", "v_root", "root@localhost")}},
		{"a schema-qualified name, a doubled backquote", "CREATE DEFINER=`o``k`@`h` PROCEDURE `other`.`p``1`() SELECT 1;", nil,
			[]profile.DumpObject{obj("procedure", "other", "p`1", "o`k@h")}},
		{"CURRENT_USER and the stand-in view name none", "CREATE DEFINER=CURRENT_USER PROCEDURE p() SELECT 1;\n/*!50001 CREATE VIEW `v_app` AS SELECT\n 1 AS `id` */;", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var o objects
			if c.text != "" {
				o.add("shop", c.text)
			}
			for _, l := range c.lines {
				o.addLine("shop", l)
			}
			if !reflect.DeepEqual(o.list, c.want) {
				t.Errorf("got %+v, want %+v", o.list, c.want)
			}
		})
	}
}

// TestObjectsBounded: past MaxDumpObjects the objects are counted, not
// listed.
func TestObjectsBounded(t *testing.T) {
	var o objects
	o.add("s", strings.Repeat("CREATE DEFINER=`a`@`%` PROCEDURE p() SELECT 1;\n", profile.MaxDumpObjects+3))
	if len(o.list) != profile.MaxDumpObjects || o.omitted != 3 {
		t.Errorf("listed %d, omitted %d; want %d and 3", len(o.list), o.omitted, profile.MaxDumpObjects)
	}
}
