package rules

import (
	"bytes"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mytune/mytune/configs"
)

// Thresholds are the tunable numbers of the rules (configs/thresholds.yaml,
// where each one cites its source). Expressions read them as T.Name. The
// check tag says which values are valid (see checkThreshold).
type Thresholds struct {
	BufferPoolFraction      float64 `yaml:"buffer_pool_fraction" check:"fraction"`
	ReserveMinBytes         uint64  `yaml:"reserve_min_bytes" check:"positive"`
	ReserveFraction         float64 `yaml:"reserve_fraction" check:"fraction"`
	DataHeadroom            float64 `yaml:"data_headroom" check:"ratio"`
	BufferPoolGrowRatio     float64 `yaml:"buffer_pool_grow_ratio" check:"ratio"`
	BufferPoolGrowMinBytes  uint64  `yaml:"buffer_pool_grow_min_bytes" check:"positive"`
	BufferPoolMinBytes      uint64  `yaml:"buffer_pool_min_bytes" check:"positive"`
	RedoHours               float64 `yaml:"redo_hours" check:"positive"`
	RedoPoolFraction        float64 `yaml:"redo_pool_fraction" check:"positive"`
	RedoMinBytes            uint64  `yaml:"redo_min_bytes" check:"positive"`
	RedoMaxBytes            uint64  `yaml:"redo_max_bytes" check:"positive"`
	RedoBurstMinutes        float64 `yaml:"redo_burst_minutes" check:"positive"`
	RedoFreeFraction        float64 `yaml:"redo_free_fraction" check:"fraction"`
	IOCapacityFraction      float64 `yaml:"io_capacity_fraction" check:"fraction"`
	IOCapacityTolerance     float64 `yaml:"io_capacity_tolerance" check:"ratio"`
	SlowCommitsPerS         float64 `yaml:"slow_commits_per_s" check:"positive"`
	FileDirSyncRatio        float64 `yaml:"file_dir_sync_ratio" check:"fraction"`
	SDMinRandWriteIOPS      float64 `yaml:"sd_min_rand_write_iops" check:"positive"`
	SpikeRatio              float64 `yaml:"spike_ratio" check:"ratio"`
	SpikeMinUS              float64 `yaml:"spike_min_us" check:"positive"`
	SlowSeqWriteMBPerS      float64 `yaml:"slow_seq_write_mb_per_s" check:"positive"`
	PerConnBufferMaxBytes   uint64  `yaml:"per_conn_buffer_max_bytes" check:"positive"`
	ConnMemoryFraction      float64 `yaml:"max_connections_memory_fraction" check:"fraction"`
	MinMaxConnections       int     `yaml:"max_connections_floor" check:"positive"`
	TmpTableMinBytes        uint64  `yaml:"tmp_table_min_bytes" check:"positive"`
	SmallKeyBufferBytes     uint64  `yaml:"small_memory_key_buffer_bytes" check:"positive"`
	SmallAriaPagecacheBytes uint64  `yaml:"small_memory_aria_pagecache_bytes" check:"positive"`
	UnreadKeyBufferBytes    uint64  `yaml:"small_memory_unread_key_buffer_bytes" check:"positive"`
	TableCacheHeadroom      float64 `yaml:"table_cache_headroom" check:"ratio"`
	SwapUsedFraction        float64 `yaml:"swap_used_fraction" check:"fraction"`
	LowAvailableFraction    float64 `yaml:"low_available_fraction" check:"fraction"`
	LowFreeFraction         float64 `yaml:"low_free_fraction" check:"fraction"`
	SlowReadIOPS            float64 `yaml:"slow_read_iops" check:"positive"`
	PoolMinHitRatio         float64 `yaml:"buffer_pool_min_hit_ratio" check:"fraction"`
	QueryCacheMinSelects    float64 `yaml:"query_cache_min_selects" check:"positive"`
	QueryCacheMinHitRatio   float64 `yaml:"query_cache_min_hit_ratio" check:"fraction"`
	QueryCacheMaxBytes      uint64  `yaml:"query_cache_max_bytes" check:"positive"`
	ConnGrowRatio           float64 `yaml:"max_connections_grow_ratio" check:"ratio"`
	ConnUsedHeadroom        float64 `yaml:"max_connections_used_headroom" check:"ratio"`
	KeyBufferUnusedBytes    uint64  `yaml:"key_buffer_unused_min_bytes" check:"positive"`
	LockWaitMaxS            float64 `yaml:"lock_wait_timeout_max_s" check:"positive"`
	ConnUnusedRatio         float64 `yaml:"max_connections_unused_ratio" check:"ratio"`
	ConnUnusedMinUptimeS    float64 `yaml:"max_connections_unused_min_uptime_s" check:"positive"`
}

// DefaultThresholds parses the embedded configs/thresholds.yaml.
func DefaultThresholds() (Thresholds, error) {
	t, err := Thresholds{}.Override(configs.Thresholds, "built-in configs/thresholds.yaml")
	if err != nil {
		return t, err
	}
	if missing := t.unset(); len(missing) > 0 {
		return t, fmt.Errorf("built-in configs/thresholds.yaml: no value for %s", strings.Join(missing, ", "))
	}
	return t, nil
}

// Override applies a YAML mapping of threshold names to values over t
// (only the names present change). source names where the mapping came
// from (the --config file); errors read "config FILE: thresholds.NAME: …".
// Unknown names, values of the wrong type and values out of range
// (checkThreshold) are refused.
func (t Thresholds) Override(yamlDoc []byte, source string) (Thresholds, error) {
	if source == "" {
		source = "(--config)"
	}
	if len(bytes.TrimSpace(yamlDoc)) == 0 {
		return t, nil
	}
	var m map[string]yaml.Node
	if err := yaml.Unmarshal(yamlDoc, &m); err != nil {
		return t, fmt.Errorf("config %s: thresholds: want a mapping of threshold names to numbers (as in configs/thresholds.yaml)", source)
	}
	fields := thresholdFields()
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	v := reflect.ValueOf(&t).Elem()
	for _, name := range names {
		i, ok := fields[name]
		if !ok {
			return t, fmt.Errorf("config %s: thresholds.%s: unknown threshold (the names are those of configs/thresholds.yaml)", source, name)
		}
		node := m[name]
		if err := node.Decode(v.Field(i).Addr().Interface()); err != nil {
			return t, fmt.Errorf("config %s: thresholds.%s: %q is not a %s", source, name, node.Value, v.Field(i).Kind())
		}
		if err := checkThreshold(v.Type().Field(i).Tag.Get("check"), v.Field(i)); err != nil {
			return t, fmt.Errorf("config %s: thresholds.%s: %w", source, name, err)
		}
	}
	if t.RedoMaxBytes > 0 && t.RedoMaxBytes < t.RedoMinBytes {
		return t, fmt.Errorf("config %s: thresholds.redo_max_bytes %d is below redo_min_bytes %d", source, t.RedoMaxBytes, t.RedoMinBytes)
	}
	return t, nil
}

// thresholdFields maps each yaml name to its field index.
func thresholdFields() map[string]int {
	ty := reflect.TypeOf(Thresholds{})
	out := make(map[string]int, ty.NumField())
	for i := 0; i < ty.NumField(); i++ {
		out[ty.Field(i).Tag.Get("yaml")] = i
	}
	return out
}

// unset lists thresholds still zero (missing from the built-in file).
func (t Thresholds) unset() []string {
	v := reflect.ValueOf(t)
	var out []string
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).IsZero() {
			out = append(out, v.Type().Field(i).Tag.Get("yaml"))
		}
	}
	return out
}

// checkThreshold range-checks one value: "fraction" is in (0, 1], "ratio"
// is at least 1 (a multiplier that must not shrink), "positive" is above 0.
func checkThreshold(kind string, v reflect.Value) error {
	var x float64
	switch v.Kind() {
	case reflect.Float64:
		x = v.Float()
	case reflect.Uint64:
		x = float64(v.Uint())
	case reflect.Int:
		x = float64(v.Int())
	}
	switch kind {
	case "fraction":
		if x <= 0 || x > 1 {
			return fmt.Errorf("%g is out of range: a fraction must be above 0 and at most 1", x)
		}
	case "ratio":
		if x < 1 {
			return fmt.Errorf("%g is out of range: a ratio must be at least 1", x)
		}
	case "positive":
		if x <= 0 {
			return fmt.Errorf("%g is out of range: it must be above 0", x)
		}
	default:
		return fmt.Errorf("no range check %q (rules/thresholds.go)", kind)
	}
	return nil
}
