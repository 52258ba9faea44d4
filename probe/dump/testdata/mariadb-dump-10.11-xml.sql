<?xml version="1.0"?>
<mysqldump xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<database name="tiny">
	<table_structure name="t">
		<field Field="id" Type="int(11)" Null="NO" Key="PRI" Extra="" Comment="" />
		<field Field="v" Type="varchar(20)" Null="YES" Key="" Default="NULL" Extra="" Comment="" />
		<key Table="t" Non_unique="0" Key_name="PRIMARY" Seq_in_index="1" Column_name="id" Collation="A" Cardinality="6" Null="" Index_type="BTREE" Comment="" Index_comment="" Ignored="NO" />
		<options Name="t" Engine="InnoDB" Version="10" Row_format="Dynamic" Rows="6" Avg_row_length="2730" Data_length="16384" Max_data_length="0" Index_length="0" Data_free="0" Create_time="2026-12-03 19:28:03" Update_time="2026-12-03 19:28:03" Collation="latin1_swedish_ci" Create_options="" Comment="" Max_index_length="0" Temporary="N" />
	</table_structure>
	<table_data name="t">
	<row>
		<field name="id">1</field>
		<field name="v">v1</field>
	</row>
	<row>
		<field name="id">2</field>
		<field name="v">v2</field>
	</row>
	<row>
		<field name="id">3</field>
		<field name="v">v3</field>
	</row>
	<row>
		<field name="id">4</field>
		<field name="v">v4</field>
	</row>
	<row>
		<field name="id">5</field>
		<field name="v">v5</field>
	</row>
	<row>
		<field name="id">6</field>
		<field name="v">v6</field>
	</row>
	</table_data>
	<table_structure name="u">
		<field Field="id" Type="int(11)" Null="NO" Key="PRI" Extra="" Comment="" />
		<key Table="u" Non_unique="0" Key_name="PRIMARY" Seq_in_index="1" Column_name="id" Collation="A" Cardinality="4" Null="" Index_type="BTREE" Comment="" Index_comment="" Ignored="NO" />
		<options Name="u" Engine="InnoDB" Version="10" Row_format="Dynamic" Rows="4" Avg_row_length="4096" Data_length="16384" Max_data_length="0" Index_length="0" Data_free="0" Create_time="2026-12-03 19:28:03" Update_time="2026-12-03 19:28:03" Collation="latin1_swedish_ci" Create_options="" Comment="" Max_index_length="0" Temporary="N" />
	</table_structure>
	<table_data name="u">
	<row>
		<field name="id">1</field>
	</row>
	<row>
		<field name="id">2</field>
	</row>
	<row>
		<field name="id">3</field>
	</row>
	<row>
		<field name="id">4</field>
	</row>
	</table_data>
</database>
</mysqldump>
