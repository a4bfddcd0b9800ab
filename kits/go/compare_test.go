package kit

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

func decodeNumbers(t *testing.T, data []byte, into any) {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	if err := decoder.Decode(into); err != nil {
		t.Fatal(err)
	}
}

// TestCaseMatchesVectors runs CaseMatches over the comparison vectors that the suite's
// tests/kits/test_kit_compare.py writes (SEVEN_ROCKS_VECTORS, SEVEN_ROCKS_SUITE).
func TestCaseMatchesVectors(t *testing.T) {
	vectorsPath, suitePath := os.Getenv("SEVEN_ROCKS_VECTORS"), os.Getenv("SEVEN_ROCKS_SUITE")
	if vectorsPath == "" || suitePath == "" {
		t.Skip("SEVEN_ROCKS_VECTORS and SEVEN_ROCKS_SUITE name the vectors and the suite")
	}
	suiteData, err := os.ReadFile(suitePath)
	if err != nil {
		t.Fatal(err)
	}
	var suite struct{ Cases []SuiteCase }
	decodeNumbers(t, suiteData, &suite)
	cases := map[string]SuiteCase{}
	for _, c := range suite.Cases {
		cases[c.ID] = c
	}
	vectorData, err := os.ReadFile(vectorsPath)
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct {
		Case   string
		What   string
		Reply  map[string]any
		Passes bool
	}
	decodeNumbers(t, vectorData, &vectors)
	for _, v := range vectors {
		if CaseMatches(cases[v.Case], v.Reply) != v.Passes {
			t.Errorf("%s, %s: want %v", v.Case, v.What, v.Passes)
		}
	}
	t.Logf("checked %d vectors", len(vectors))
}
