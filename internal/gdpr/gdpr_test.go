package gdpr_test

import (
	"context"
	"errors"
	"testing"

	"forecourt/internal/gdpr"
)

func TestRunners(t *testing.T) {
	var erased []string
	holder := func(name string, fail bool) gdpr.Holder {
		return gdpr.Holder{Name: name,
			Export: func(ctx context.Context, email string) (any, error) { return []string{name + ":" + email}, nil },
			Erase: func(ctx context.Context, email string) (int, error) {
				if fail {
					return 0, errors.New("down")
				}
				erased = append(erased, name+":"+email)
				return 2, nil
			}}
	}
	ctx := context.Background()
	exp, err := gdpr.ExportAll(ctx, []gdpr.Holder{holder("a", false), holder("b", false)}, " Per@Example.se ")
	if err != nil || exp.Email != "per@example.se" || len(exp.Data) != 2 {
		t.Fatalf("export %+v %v", exp, err)
	}
	res, err := gdpr.EraseAll(ctx, []gdpr.Holder{holder("a", false), holder("b", true), holder("c", false)}, "per@example.se")
	if err == nil || len(res) != 1 || res[0].Holder != "a" || res[0].Count != 2 || len(erased) != 1 {
		t.Errorf("erase stopped at %+v, %v, erased %v", res, err, erased)
	}
	for _, bad := range []string{"", "per", "per@example", "Per <per@example.se>"} {
		if _, err := gdpr.NormalizeEmail(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
