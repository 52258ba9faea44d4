package rules

import (
	"bytes"
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/mytune/mytune/configs"
)

// Thresholds are the tunable numbers of the rules (configs/thresholds.yaml,
// where each one cites its source). Expressions read them as T.Name.
type Thresholds struct {
	BufferPoolFraction    float64 `yaml:"buffer_pool_fraction"`
	ReserveMinBytes       uint64  `yaml:"reserve_min_bytes"`
	ReserveFraction       float64 `yaml:"reserve_fraction"`
	DataHeadroom          float64 `yaml:"data_headroom"`
	BufferPoolGrowRatio   float64 `yaml:"buffer_pool_grow_ratio"`
	RedoHours             float64 `yaml:"redo_hours"`
	RedoMinBytes          uint64  `yaml:"redo_min_bytes"`
	RedoMaxBytes          uint64  `yaml:"redo_max_bytes"`
	RedoBurstMinutes      float64 `yaml:"redo_burst_minutes"`
	IOCapacityFraction    float64 `yaml:"io_capacity_fraction"`
	IOCapacityTolerance   float64 `yaml:"io_capacity_tolerance"`
	SlowCommitsPerS       float64 `yaml:"slow_commits_per_s"`
	SpikeRatio            float64 `yaml:"spike_ratio"`
	SpikeMinUS            float64 `yaml:"spike_min_us"`
	SlowSeqWriteMBPerS    float64 `yaml:"slow_seq_write_mb_per_s"`
	PerConnBufferMaxBytes uint64  `yaml:"per_conn_buffer_max_bytes"`
	SwapUsedFraction      float64 `yaml:"swap_used_fraction"`
	LowAvailableFraction  float64 `yaml:"low_available_fraction"`
	LowFreeFraction       float64 `yaml:"low_free_fraction"`
}

// DefaultThresholds parses the embedded configs/thresholds.yaml.
func DefaultThresholds() (Thresholds, error) {
	var t Thresholds
	if err := decodeStrict(configs.Thresholds, &t); err != nil {
		return t, fmt.Errorf("built-in configs/thresholds.yaml: %w", err)
	}
	return t, nil
}

// Override applies a YAML mapping of threshold names to values over t
// (only the names present change); unknown names are an error.
func (t Thresholds) Override(yamlDoc []byte) (Thresholds, error) {
	if err := decodeStrict(yamlDoc, &t); err != nil {
		return t, fmt.Errorf("thresholds: %w (names are those of configs/thresholds.yaml)", err)
	}
	return t, nil
}

// decodeStrict decodes YAML rejecting unknown fields; empty input is fine.
func decodeStrict(doc []byte, v any) error {
	if len(bytes.TrimSpace(doc)) == 0 {
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(doc))
	dec.KnownFields(true)
	return dec.Decode(v)
}
